import { maskPhone } from '@lender/ui/format';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { normaliseUkMobile } from '../../lib/sign-in';
import { checkedText, CodeAnswer, QuestionPage, SendNewCode } from '../question';

/**
 * A mobile number proved by a texted code, asked the same way after approval (/phoneNumber, /phoneNumberCode) and
 * when a borrower changes it (/edit-phone, /verify-phone).
 */

/** The GOV.UK telephone number pattern's checks, for a UK mobile. */
export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter a UK mobile number';
  if (normaliseUkMobile(value) === undefined) {
    return 'Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982';
  }
  return undefined;
}

export function codeError(value: string): string | undefined {
  if (value === '') return 'Enter the code we sent you';
  if (!/^\d{6}$/.test(value)) return 'The code must be 6 digits';
  return undefined;
}

/** The number's page: a UK mobile, sent in its national form. */
export const phoneNumberSchema = z.object({
  phoneNumber: checkedText(phoneError).transform((phone) => normaliseUkMobile(phone) ?? phone),
});

/** The code's page: the 6 digits texted. */
export const phoneCodeSchema = z.object({ code: checkedText(codeError) });

export interface PhoneCodeQuestionProps {
  /** Where Back leads: the number's page. */
  backTo: string;
  /** The number the code went to (shown masked). */
  phoneNumber: string;
  submitLabel?: string;
  /** Checks the code; throws the BFF's refusal, which the code's field says (no toast for these calls). */
  verify: (code: string) => Promise<unknown>;
  /** Sends a new code to the same number. */
  sendAgain: () => Promise<unknown>;
}

/**
 * "Check your phone": the 6-digit code texted to the number (pasteable as sent), every refusal said by the code's
 * field (a wrong code with the tries left, in the BFF's words), and a way to have a new code sent.
 */
export function PhoneCodeQuestion({ backTo, phoneNumber, submitLabel, verify, sendAgain }: PhoneCodeQuestionProps) {
  // Where sending a new code stands: its status message shows once it is sent, until the code is sent.
  const [resend, setResend] = useState<'none' | 'sending' | 'sent'>('none');
  return (
    <QuestionPage
      question="Check your phone"
      backTo={backTo}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>We have sent a 6-digit code to {maskPhone(phoneNumber)}.</Typography>
          {resend === 'sent' ? (
            <Typography role="status" sx={{ mb: 3, fontWeight: 700 }}>
              We have sent you a new code.
            </Typography>
          ) : null}
        </>
      }
      schema={phoneCodeSchema}
      defaultValues={{ code: '' }}
      serverField="code"
      serverCodes="any"
      busy={resend === 'sending'}
      {...(submitLabel === undefined ? {} : { submitLabel })}
      onSubmit={async ({ code }) => {
        setResend('none');
        await verify(code);
      }}
      // A new code to the same number; a refusal is said by the code's field.
      after={
        <SendNewCode
          send={sendAgain}
          sending={resend === 'sending'}
          onSending={(sending) => {
            setResend(sending ? 'sending' : 'none');
          }}
          onSent={() => {
            setResend('sent');
          }}
          serverCodes="any"
        />
      }
    >
      <CodeAnswer name="code" label="Code" sx={{ mb: 4 }} />
    </QuestionPage>
  );
}
