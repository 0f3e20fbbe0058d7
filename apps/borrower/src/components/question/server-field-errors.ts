import { ErrorCodes, isApiError } from '@lender/api-client';

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
  /** Codes answered inline besides 100400 (100617 for a change staff may not make…). */
  codes?: readonly number[] | undefined;
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
  if (!isApiError(error) || error.errorMessage === '') return undefined;
  if (error.errorCode !== ErrorCodes.badRequest && !codes.includes(error.errorCode)) return undefined;
  const named = error.field === undefined ? undefined : (fields[error.field] ?? error.field);
  const target = named !== undefined && has(named) ? named : field;
  return target === undefined ? undefined : { [target]: error.errorMessage };
}
