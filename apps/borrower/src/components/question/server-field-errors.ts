import { ErrorCodes, isApiError } from '@lender/api-client';

/**
 * The codes of a failed call a page says by its field: a list, or `'any'` for a call whose every refusal the
 * page says itself (spec §8: no toast for phone verification, payee confirmation, signature, withdrawal).
 */
export type ServerCodes = readonly number[] | 'any';

/**
 * Thrown by a page's `onSubmit` when a call that succeeded still did not take an answer (the bank holds another
 * name for the account): the messages by field, shown as a failed call's would be.
 */
export class RefusedAnswers extends Error {
  override readonly name = 'RefusedAnswers';
  readonly fields: Readonly<Record<string, string>>;

  constructor(fields: Readonly<Record<string, string>>) {
    super('An answer was not taken');
    this.fields = fields;
  }
}

/**
 * The seam between a failed call and the page's fields: which fields a failure lands on, by field name, or
 * undefined when it is not about the answers (the shared error table has then told the person).
 *
 * Today the BFF's envelope does not name the field, so a page says which of its fields its inline-validation
 * answers (100400, and any code it lists in `codes`) belong to, as the screens did before the kit. Once the
 * envelope's data names the field (and `@lender/api-client` carries the generated request schemas), read the
 * field from the error here: no page changes.
 */
export function serverFieldErrors(
  error: unknown,
  { field, codes = [ErrorCodes.badRequest] }: { field?: string | undefined; codes?: ServerCodes } = {},
): Record<string, string> | undefined {
  if (error instanceof RefusedAnswers) return { ...error.fields };
  if (field === undefined || !isApiError(error)) return undefined;
  const inline = codes === 'any' ? error.kind === 'envelope' : codes.includes(error.errorCode);
  if (!inline || error.errorMessage === '') return undefined;
  return { [field]: error.errorMessage };
}
