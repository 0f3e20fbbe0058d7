import { isApiError } from '@lender/api-client';

/**
 * The message of a failed call whose screen says what went wrong itself (spec §8: no toast for phone
 * verification, payee confirmation, signature pdf, commission info): the envelope's own message. Undefined for
 * a transport failure, which the shared error table has already told the person about.
 */
export function envelopeMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'envelope' || error.errorMessage === '') return undefined;
  return error.errorMessage;
}
