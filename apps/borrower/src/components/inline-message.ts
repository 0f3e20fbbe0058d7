import { isApiError } from '@lender/api-client';

/** The message of a failed call that a screen shows inline (silent codes), or undefined for any other failure. */
export function inlineMessage(error: unknown, codes: readonly number[]): string | undefined {
  if (!isApiError(error) || !codes.includes(error.errorCode)) return undefined;
  return error.errorMessage === '' ? undefined : error.errorMessage;
}
