import { ErrorCodes, isApiError } from '@lender/api-client';

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
  { field, codes = [ErrorCodes.badRequest] }: { field?: string | undefined; codes?: readonly number[] } = {},
): Record<string, string> | undefined {
  if (field === undefined || !isApiError(error) || !codes.includes(error.errorCode)) return undefined;
  if (error.errorMessage === '') return undefined;
  return { [field]: error.errorMessage };
}
