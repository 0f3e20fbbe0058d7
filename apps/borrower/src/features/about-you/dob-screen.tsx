import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { DateAnswer, dateParts, QuestionPage } from '../../components/question';
import { dobProblem } from './answers';
import type { DobPart } from './answers';

const QUESTION = 'What is your date of birth?';
const PARTS: readonly DobPart[] = ['day', 'month', 'year'];
const schema = z.object({ dob: dateParts(PARTS, ({ day, month, year }) => dobProblem(day, month, year, new Date())) });

/** /amount/dob_input: the GOV.UK date input, three fields in one fieldset, checked together on submit. */
export function DobScreen() {
  const navigate = useNavigate();
  const [dob] = useState(() => {
    const draft = readApplicationDraft();
    return { day: draft.dobDay, month: draft.dobMonth, year: draft.dobYear };
  });
  return (
    <QuestionPage
      question={QUESTION}
      backTo={paths.amount.lastName}
      schema={schema}
      defaultValues={{ dob }}
      onChange={({ dob: next }) => keepApplicationAnswers({ dobDay: next.day, dobMonth: next.month, dobYear: next.year })}
      onSubmit={() => navigate(paths.amount.email)}
    >
      <DateAnswer name="dob" legend={QUESTION} hideLegend hint="For example, 27 3 1990" parts={PARTS} birthday />
    </QuestionPage>
  );
}
