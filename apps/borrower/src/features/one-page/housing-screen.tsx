import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { readApplicationDraft } from '../../lib/application-draft';
import { moneyValue, moneyValueOf } from '../../lib/money';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { JourneyPage, useGoNext, useJourney } from './journey-page';
import { LoadFailed, Loading } from '../../components/load-state';
import { housingOptionsQuery, updateRentInformation } from '../../api/one-page';
import { useServerData } from '../../api/query-client';
import { addProblemsOf, QuestionPage, requiredChoice } from '../../components/question';
import {
  HousingCostAnswer,
  HousingSituationAnswer,
  monthlyCost,
  PayMethodAnswer,
} from '../../components/question-groups/housing';
import type { HousingOptions, OnePageInfo } from './one-page-api';

type Housing = NonNullable<OnePageInfo['housing']>;

const cost = monthlyCost({
  empty: 'Enter how much you pay each month',
  invalid: 'Enter how much you pay each month in whole pounds, like 650',
  zeroAllowed: true,
});
const payMethod = requiredChoice('Select how you pay for your housing');

/** The step's check: the situation, then (for one that costs) the monthly amount and how it is paid. */
function housingSchema(options: HousingOptions) {
  const asksCost = (situation: string) =>
    options.livingSituations.find((option) => option.code === situation)?.asksCost ?? false;
  return z
    .object({
      livingSituation: requiredChoice('Select where you live'),
      housingCost: moneyValue,
      payMethod: z.string(),
    })
    .superRefine((answers, context) => {
      if (!asksCost(answers.livingSituation)) return;
      addProblemsOf(context, cost, answers.housingCost, 'housingCost');
      addProblemsOf(context, payMethod, answers.payMethod, 'payMethod');
    })
    .transform((answers) => {
      const pence = asksCost(answers.livingSituation) ? cost.parse(answers.housingCost) : 0;
      return {
        housingStatus: answers.livingSituation as Housing['housingStatus'],
        monthlyCostPence: pence,
        ...(pence > 0 ? { payMethod: answers.payMethod as NonNullable<Housing['payMethod']> } : {}),
      };
    });
}

function HousingForm({ options }: { options: HousingOptions }) {
  const { info } = useJourney();
  const goNext = useGoNext();
  const [schema] = useState(() => housingSchema(options));
  // As entered here, else as recorded, else as given on the /amount steps in this browser, else the check's cost.
  const [defaults] = useState(() => {
    const kept = readOnePageAnswers();
    const early = readApplicationDraft();
    return {
      livingSituation: kept.livingSituation ?? info.housing?.housingStatus ?? early.housingStatus,
      housingCost:
        kept.housingCost ??
        (info.housing === undefined && early.housingCost !== ''
          ? moneyValueOf(early.housingCost)
          : (info.housing?.monthlyCostPence ?? info.prefill?.monthlyHousingCostPence ?? null)),
      payMethod: kept.payMethod ?? info.housing?.payMethod ?? '',
    };
  });
  return (
    <QuestionPage
      question="Your housing"
      frame={JourneyPage}
      schema={schema}
      defaultValues={defaults}
      onChange={keepOnePageAnswers}
      serverFields={{ housingStatus: 'livingSituation', monthlyCostPence: 'housingCost' }}
      onSubmit={async (body) => {
        await updateRentInformation(body);
        goNext();
      }}
    >
      <HousingSituationAnswer
        name="livingSituation"
        legend="Where do you live?"
        options={options.livingSituations.map((option) => ({ value: option.code, label: option.label }))}
      />
      <CostWhenAsked options={options} />
    </QuestionPage>
  );
}

/** The monthly amount and how it is paid, for a situation that costs something. */
function CostWhenAsked({ options }: { options: HousingOptions }) {
  const situation: unknown = useWatch({ name: 'livingSituation' });
  if (!(options.livingSituations.find((option) => option.code === situation)?.asksCost ?? false)) return null;
  return (
    <>
      <HousingCostAnswer label="How much do you pay each month?" hint="Your share of the rent, mortgage or board, in pounds" />
      <PayMethodAnswer options={options.payMethods.map((option) => ({ value: option.code, label: option.label }))} />
    </>
  );
}

/** /loan/housing-info (RentalInfo): where the applicant lives and what it costs them each month. */
export function HousingInfoScreen() {
  const { result, retry } = useServerData(housingOptionsQuery);
  if (result.state === 'ready') return <HousingForm options={result.value} />;
  return (
    <JourneyPage title="Your housing">
      {result.state === 'loading' ? <Loading label="Loading the housing questions" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load the housing questions." onRetry={retry} /> : null}
    </JourneyPage>
  );
}
