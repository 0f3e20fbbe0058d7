import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage, requiredChoice } from '../../components/question';
import { HousingSituationAnswer } from '../../components/question-groups/housing';
import { HOUSING_STATUSES, keepApplicationAnswers, paysForHousing, readApplicationDraft } from '../../lib/application-draft';

const QUESTION = 'What is your housing situation?';
const schema = z.object({ housingStatus: requiredChoice('Select your housing situation') });

/** Keeps the situation; a payment and a contribution are different answers, so a change of kind asks again. */
function keepSituation({ housingStatus: next }: { housingStatus: string }) {
  const before = readApplicationDraft().housingStatus;
  const sameKind = before !== '' && paysForHousing(before) === paysForHousing(next);
  keepApplicationAnswers(sameKind ? { housingStatus: next } : { housingStatus: next, housingCost: '' });
}

/**
 * /amount/rent_cost: the housing situation (EligibilityRequest.housingStatus). Then what is paid for it each
 * month (rent_payment), or, for someone who pays no rent or mortgage, what they contribute (not_pay_rent).
 */
export function RentCostScreen() {
  const navigate = useNavigate();
  const [housingStatus] = useState(() => readApplicationDraft().housingStatus);
  return (
    <QuestionPage
      question={QUESTION}
      backTo={paths.amount.addressHistory}
      schema={schema}
      defaultValues={{ housingStatus }}
      onChange={keepSituation}
      onSubmit={(answer) =>
        navigate(paysForHousing(answer.housingStatus) ? paths.amount.rentPayment : paths.amount.notPayRent)
      }
    >
      <HousingSituationAnswer name="housingStatus" legend={QUESTION} hideLegend options={HOUSING_STATUSES} />
    </QuestionPage>
  );
}
