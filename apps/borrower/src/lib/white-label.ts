import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { harbourCredit } from '@lender/ui/brands';
import { storageKeys } from './storage-keys';

/** The white-label brand's clientName: what the flag holds and what getRebrandParams is asked for. */
export const WHITE_LABEL_CLIENT = harbourCredit.clientName;

/**
 * The brand the stored white-label flag names (spec §4 "Theme"): the white-label brand's clientName when the
 * flag is set, undefined for the default brand. Any non-empty value other than `false` counts as set, so a
 * flag written as `true` by older code still selects the (only) white-label brand.
 */
export function whiteLabelClient(storage: ExpiringStorage = expiringLocalStorage): string | undefined {
  const flag = storage.getItem(storageKeys.whiteLabel);
  return flag === null || flag === '' || flag === 'false' ? undefined : WHITE_LABEL_CLIENT;
}

/**
 * `body` naming the brand the stored flag names, as the calls whose answers depend on the brand send it: the
 * quote and the soft check (the brand's fee is priced in) and the registration (the application's owner).
 */
export function withWhiteLabelClient<T extends object>(
  body: T,
  storage: ExpiringStorage = expiringLocalStorage,
): T & { clientName?: string } {
  const clientName = whiteLabelClient(storage);
  return clientName === undefined ? body : { ...body, clientName };
}

/** Stores whether the brand being applied is the white-label one (spec §4: applying a theme stores it). */
export function rememberBrand(clientName: string, storage: ExpiringStorage = expiringLocalStorage): void {
  if (clientName === WHITE_LABEL_CLIENT) storage.setItem(storageKeys.whiteLabel, WHITE_LABEL_CLIENT);
  else storage.removeItem(storageKeys.whiteLabel);
}
