import type { ApiError } from '@lender/api-client';
import { openPopup } from './popup-store';
import { showServiceUnavailable } from './service-store';

/** The catalogue code of a disabled service (docs/api-errors.md, spec §8). */
export const SERVICE_DISABLED_CODE = 100407;
/** Codes that open the root shell's bottom popup (spec §8; the popup's content is popupContent's table). */
export const POPUP_CODES: readonly number[] = [100608, 100613];

export type ApiErrorEffect =
  | { kind: 'service-unavailable' }
  | { kind: 'popup'; code: number; message: string }
  | { kind: 'none' };

/**
 * What the root shell does for a failed API call (spec §8), so far: 100407 raises the service-disabled
 * event, 100608 and 100613 open the bottom popup. The redirects and toasts of spec §8 come with the screens
 * that need them.
 */
export function apiErrorEffect(error: Pick<ApiError, 'errorCode' | 'errorMessage'>): ApiErrorEffect {
  if (error.errorCode === SERVICE_DISABLED_CODE) return { kind: 'service-unavailable' };
  if (POPUP_CODES.includes(error.errorCode)) return { kind: 'popup', code: error.errorCode, message: error.errorMessage };
  return { kind: 'none' };
}

/** Carries out apiErrorEffect's answer (the API client's `onApiError` hook). */
export function applyApiErrorEffect(error: ApiError): void {
  const effect = apiErrorEffect(error);
  if (effect.kind === 'service-unavailable') showServiceUnavailable();
  else if (effect.kind === 'popup') openPopup({ code: effect.code, message: effect.message });
}
