/**
 * The question-page kit: every question screen is a `QuestionPage` of these answers (DESIGN §6). A recipe is
 * in docs/architecture.md ("Add a question page").
 */
export { QuestionPage, SubmitAnotherWay } from './question-page';
export { SendNewCode } from './send-new-code';
export type { SendNewCodeProps } from './send-new-code';
export type { QuestionFrame, QuestionPageProps, SubmitAnotherWayProps } from './question-page';
export {
  AddressAnswer,
  CheckboxesAnswer,
  CodeAnswer,
  ConsentAnswer,
  DateAnswer,
  MoneyAnswer,
  PhoneAnswer,
  RadiosAnswer,
  SelectAnswer,
  TextAnswer,
} from './answers';
export type { AddressPick, FoundAddress } from './answers';
export { optionalPence, pence, penceOf, poundsTextOf } from '../../lib/money';
export type { MoneyValue } from '../../lib/money';
export {
  addProblemsOf,
  checkedText,
  contractMaxLength,
  contractProblem,
  contractRule,
  dateParts,
  emailAddress,
  mustAgree,
  requiredChoice,
  requiredText,
  sentAs,
} from './schemas';
export { RefusedAnswers, serverFieldErrors } from './server-field-errors';
export type { ServerCodes } from './server-field-errors';
