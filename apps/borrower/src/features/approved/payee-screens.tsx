import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, generatePath, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { checkedText, QuestionPage, RadiosAnswer, RefusedAnswers, requiredChoice, TextAnswer } from '../../components/question';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { confirmPayee } from '../../api/approval';
import { envelopeMessage } from './call-message';
import { forgetDraft, keepDraft, readDraft } from './draft';
import { SummaryList } from '../../components/summary-list';
import { accountNameError, accountNumberError, noMatchMessage, sortCodeDigits, sortCodeError } from './payee';
import type { BankDetails } from './payee';
import { useContinueAfterApproval } from '../../lib/resume-application';
import { ContinueButton } from '../../components/continue-button';

const detailsSchema = z.object({
  accountName: checkedText(accountNameError),
  sortCode: checkedText(sortCodeError),
  accountNumber: checkedText(accountNumberError),
});

const closeMatchSchema = z.object({ useBankName: requiredChoice('Select whether to use the name the bank holds') });

/** The details as typed, and the name the bank holds for the account: a close match, asked about. */
interface CloseMatch {
  details: BankDetails;
  bankName: string;
}

/**
 * /{partner}/disbursal/account (the confirmationPayee stage): the account the loan is paid into, checked
 * against the name given (payment/confirmationOfPayee). A match moves on; a close match asks whether the
 * bank's name is the one meant; no match says why. The outcome is shown on the screen, never as a toast.
 */
export function DisbursalAccountScreen() {
  const navigate = useNavigate();
  const { partner = 'default' } = useParams();
  const [closeMatch, setCloseMatch] = useState<CloseMatch>();

  /** Checks the account with the bank; what it says about the details is said by their fields. */
  async function check(details: BankDetails) {
    const body = {
      sortCode: sortCodeDigits(details.sortCode) ?? details.sortCode,
      accountNumber: details.accountNumber.replace(/\s/g, ''),
      accountName: details.accountName.trim(),
    };
    const result = await confirmPayee(body).catch((error: unknown) => {
      const inline = envelopeMessage(error);
      throw inline === undefined ? error : new RefusedAnswers({ sortCode: inline });
    });
    if (result.outcome === 'match' && result.confirmed) {
      // The full account number is not kept once the bank has confirmed it.
      forgetDraft('sortCode', 'accountNumber', 'accountName');
      keepDraft({
        payee: result.payee ?? {
          accountName: body.accountName,
          sortCode: body.sortCode,
          accountNumberLast4: body.accountNumber.slice(-4),
        },
      });
      await navigate(generatePath(paths.legacy.partnerDisbursalTime, { partner }), { replace: true });
      return;
    }
    if (result.outcome === 'close_match' && result.bankAccountName !== '') {
      setCloseMatch({ details, bankName: result.bankAccountName });
      return;
    }
    throw new RefusedAnswers({ accountName: noMatchMessage(result.reason) });
  }

  if (closeMatch !== undefined) {
    const { details, bankName } = closeMatch;
    return (
      <QuestionPage
        // A new close match is a new question.
        key={bankName}
        question={`Did you mean ${bankName}?`}
        intro={
          <Typography sx={{ mb: 3 }}>
            The name you gave, {details.accountName.trim()}, is close to the name the bank holds for this account.
          </Typography>
        }
        schema={closeMatchSchema}
        defaultValues={{ useBankName: '' }}
        onSubmit={async ({ useBankName }) => {
          if (useBankName === 'no') {
            setCloseMatch(undefined);
            return;
          }
          keepDraft({ accountName: bankName });
          await check({ ...details, accountName: bankName });
        }}
      >
        <RadiosAnswer
          name="useBankName"
          legend={`Is the account in the name ${bankName}?`}
          options={[
            { value: 'yes', label: `Yes, use ${bankName}` },
            { value: 'no', label: 'No, change the account details' },
          ]}
        />
      </QuestionPage>
    );
  }

  return <AccountDetailsPage onSubmit={check} />;
}

/** The account's details, from what was typed last (kept in the draft until the bank confirms the account). */
function AccountDetailsPage({ onSubmit }: { onSubmit: (details: BankDetails) => Promise<void> }) {
  const [defaults] = useState(() => {
    const draft = readDraft();
    return { accountName: draft.accountName ?? '', sortCode: draft.sortCode ?? '', accountNumber: draft.accountNumber ?? '' };
  });
  return (
    <QuestionPage
      question="Which account should we pay your loan into?"
      intro={
        <Typography sx={{ mb: 3 }}>
          It must be a UK personal current account in your name. We check the name with your bank.
        </Typography>
      }
      schema={detailsSchema}
      defaultValues={defaults}
      onChange={keepDraft}
      onSubmit={onSubmit}
    >
      <TextAnswer name="accountName" label="Name on the account" input={{ autoComplete: 'name', spellCheck: false }} />
      <TextAnswer
        name="sortCode"
        label="Sort code"
        hint="Must be 6 digits long"
        input={{ inputMode: 'numeric', spellCheck: false, autoComplete: 'off' }}
        sx={{ mb: 3, maxWidth: '10em' }}
      />
      <TextAnswer
        name="accountNumber"
        label="Account number"
        hint="Must be 8 digits long"
        input={{ inputMode: 'numeric', spellCheck: false, autoComplete: 'off' }}
        sx={{ mb: 4, maxWidth: '12em' }}
      />
    </QuestionPage>
  );
}

/** /{partner}/disbursal/time: the confirmed account, and when the loan is paid into it. */
export function DisbursalTimeScreen() {
  const continueJourney = useContinueAfterApproval();
  const { partner = 'default' } = useParams();
  const [payee] = useState(() => readDraft().payee);
  if (payee === undefined) return <Navigate replace to={generatePath(paths.legacy.partnerDisbursalAccount, { partner })} />;

  return (
    <SignInPage title="When we pay your loan">
      <NoticeBanner title="Account confirmed">
        <Typography>Your bank has confirmed the account is in the name {payee.accountName}.</Typography>
      </NoticeBanner>
      <SummaryList
        rows={[
          ['Name on the account', payee.accountName],
          ['Sort code', payee.sortCode],
          ['Account number ending', payee.accountNumberLast4],
        ]}
      />
      <Typography sx={{ mb: 3 }}>
        We pay the money into this account once you have set up your repayments, signed your credit agreement and
        we have checked your identity. The next screens take you through these steps.
      </Typography>
      <Box>
        <ContinueButton onContinue={continueJourney} />
      </Box>
    </SignInPage>
  );
}
