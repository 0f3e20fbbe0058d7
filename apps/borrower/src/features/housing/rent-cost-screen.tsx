import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { RadioQuestion } from '../../components/question-forms';
import { HOUSING_STATUSES, keepApplicationAnswers, paysForHousing, readApplicationDraft } from '../../lib/application-draft';

/**
 * /amount/rent_cost: the housing situation (EligibilityRequest.housingStatus). Then what is paid for it each
 * month (rent_payment), or, for someone who pays no rent or mortgage, what they contribute (not_pay_rent).
 */
export function RentCostScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().housingStatus);
  return (
    <RadioQuestion
      title="What is your housing situation?"
      backTo={paths.amount.addressHistory}
      name="housingStatus"
      options={HOUSING_STATUSES}
      initial={initial}
      required="Select your housing situation"
      keep={(next) => {
        const before = readApplicationDraft().housingStatus;
        // A payment and a contribution are different answers: a change of kind asks again.
        const sameKind = before !== '' && paysForHousing(before) === paysForHousing(next);
        keepApplicationAnswers(sameKind ? { housingStatus: next } : { housingStatus: next, housingCost: '' });
      }}
      onValid={(chosen) => {
        void navigate(paysForHousing(chosen) ? paths.amount.rentPayment : paths.amount.notPayRent);
      }}
    />
  );
}
