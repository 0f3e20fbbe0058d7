import { ErrorCodes, isApiError } from '@lender/api-client';

/**
 * The codes of a failed call a page says by its field besides 100400: a list, or `'any'` for a call whose every
 * refusal the page says itself (spec §8: no toast for phone verification, payee confirmation, signature,
 * withdrawal).
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

export interface ServerFieldRules {
  /**
   * The page's field for each value the call sends under another name (`monthlyCostPence` → `housingCost`);
   * a value sent under the field's own name needs no entry.
   */
  fields?: Readonly<Record<string, string>> | undefined;
  /** Whether the page has a field of this name (a value the envelope names lands on it when it has). */
  has?: ((name: string) => boolean) | undefined;
  /** Where an inline answer lands when the envelope names no field of the page. */
  field?: string | undefined;
  /** The codes answered inline besides 100400. */
  codes?: ServerCodes | undefined;
}

/**
 * The seam between a failed call and the page's fields: which field a failure lands on, by field name, or
 * undefined when it is not about the answers (the shared error table has then told the person).
 *
 * A request-validation answer (100400) names the value it is about (`ApiError.field`, the envelope's
 * `resultData.field`, as the contract's property path). It lands on the page's field of that name, or of the
 * name `fields` maps it to; else on the page's `field`, as do the other inline codes the page lists.
 */
export function serverFieldErrors(
  error: unknown,
  { fields = {}, has = () => false, field, codes = [] }: ServerFieldRules = {},
): Record<string, string> | undefined {
  if (error instanceof RefusedAnswers) return { ...error.fields };
  if (!isApiError(error) || error.errorMessage === '') return undefined;
  const inline =
    error.errorCode === ErrorCodes.badRequest ||
    (codes === 'any' ? error.kind === 'envelope' : codes.includes(error.errorCode));
  if (!inline) return undefined;
  const named = error.field === undefined ? undefined : (fields[error.field] ?? error.field);
  const target = named !== undefined && has(named) ? named : field;
  return target === undefined ? undefined : { [target]: error.errorMessage };
}
