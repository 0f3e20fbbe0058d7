import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, paysForHousing, readApplicationDraft } from '../../lib/application-draft';
import { keepPayMethod, PAY_METHODS, readPayMethod, recordRentInfo } from '../../lib/legacy-stages';
import type { PayMethod } from '../../lib/legacy-stages';
import { moneyTextOf, moneyValue, moneyValueOf } from '../../lib/money';
import type { MoneyValue } from '../../lib/money';
import { signedInWithApplication } from '../../lib/signed-in-application';
import { addProblemsOf, QuestionPage, requiredChoice } from '../../components/question';
import { HousingCostAnswer, monthlyCost, PayMethodAnswer } from '../../components/question-groups/housing';

interface CostQuestionProps {
  title: string;
  label: string;
  hint: string;
  /** Why we ask, under the h1. */
  explanation?: string;
  zeroAllowed: boolean;
  empty: string;
}

const payMethodChoice = requiredChoice('Select how you pay it');

/**
 * One monthly amount in pounds, kept on every change; then the answers are checked on /amount/step2. A
 * signed-in applicant's housing is recorded here (the rentInfo stage), which needs how it is paid.
 */
function CostQuestion({ title, label, hint, explanation, zeroAllowed, empty }: CostQuestionProps) {
  const navigate = useNavigate();
  const [recording] = useState(signedInWithApplication);
  const [schema] = useState(() => {
    const cost = monthlyCost({ empty, zeroAllowed });
    return z.object({ housingCost: cost, payMethod: z.string() }).superRefine((answers, context) => {
      if (recording && answers.housingCost > 0) addProblemsOf(context, payMethodChoice, answers.payMethod, 'payMethod');
    });
  });
  const [defaults] = useState(() => ({
    housingCost: moneyValueOf(readApplicationDraft().housingCost),
    payMethod: readPayMethod(),
  }));
  return (
    <QuestionPage
      question={title}
      backTo={paths.amount.rentCost}
      intro={explanation === undefined ? undefined : <Typography sx={{ mb: 3 }}>{explanation}</Typography>}
      schema={schema}
      defaultValues={defaults}
      onChange={(answers: { housingCost: MoneyValue; payMethod: string }) => {
        // The early steps' draft keeps the amount as text, as the eligibility check reads it.
        keepApplicationAnswers({ housingCost: moneyTextOf(answers.housingCost) });
        keepPayMethod(answers.payMethod);
      }}
      onSubmit={async (answers) => {
        const next = await recordRentInfo(readApplicationDraft(), answers.payMethod as PayMethod | '');
        await navigate(next ?? paths.amount.step2, { replace: next !== undefined });
      }}
    >
      <HousingCostAnswer label={label} hint={hint} />
      {recording ? <PayMethodWhenPaying /> : null}
    </QuestionPage>
  );
}

/** How the amount is paid, once there is one to pay. */
function PayMethodWhenPaying() {
  const cost = moneyValue.safeParse(useWatch({ name: 'housingCost' }));
  return cost.success && typeof cost.data === 'number' && cost.data > 0 ? <PayMethodAnswer options={PAY_METHODS} /> : null;
}

/** /amount/rent_payment: the monthly rent or mortgage payment, for a housing situation that has one. */
export function RentPaymentScreen() {
  const [status] = useState(() => readApplicationDraft().housingStatus);
  if (!paysForHousing(status)) return <Navigate replace to={paths.amount.notPayRent} />;
  const mortgage = status === 'homeowner_mortgage';
  return (
    <CostQuestion
      title={mortgage ? 'How much is your mortgage each month?' : 'How much is your rent each month?'}
      label={mortgage ? 'Monthly mortgage payment' : 'Monthly rent'}
      hint="Your share only, in whole pounds, like 650"
      zeroAllowed={false}
      empty={mortgage ? 'Enter how much your mortgage is each month' : 'Enter how much your rent is each month'}
    />
  );
}

/**
 * /amount/not_pay_rent: for someone who owns their home outright, lives with family or friends, or lives some
 * other way: what they give towards the household each month, 0 allowed.
 */
export function NotPayRentScreen() {
  const [status] = useState(() => readApplicationDraft().housingStatus);
  if (status !== '' && paysForHousing(status)) return <Navigate replace to={paths.amount.rentPayment} />;
  return (
    <CostQuestion
      title="How much do you pay towards your household each month?"
      explanation="You do not pay rent or a mortgage, but you may give something towards bills, food or keep. We take it into account when working out what you can afford to repay."
      label="Monthly contribution"
      hint="In whole pounds, like 150. Enter 0 if you do not pay anything."
      zeroAllowed
      empty="Enter how much you pay towards your household each month, or 0"
    />
  );
}
