import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { storageKeys } from './storage-keys';

/**
 * What a brand's key looks like (the contract's clientName): a path segment of `/{clientName}/login/emailLogin`
 * must look like one before it is stored or sent. The generated request schemas hold the same pattern, but this
 * module is in the first screen's chunk, which reading them would make carry zod.
 */
const CLIENT_NAME = /^[a-z0-9-]{1,40}$/;

/** Words older code wrote into the flag, which name no brand. */
const NOT_A_BRAND = new Set(['true', 'false']);

/** Whether `segment` could be a brand's key (whether the BFF has that brand is its to say). */
export function isClientName(segment: string): boolean {
  return CLIENT_NAME.test(segment) && !NOT_A_BRAND.has(segment);
}

/**
 * The brand the stored white-label flag names (spec §4 "Theme"): the clientName of any brand other than the
 * default one — a white-label brand or a client trading under one of the lender's brands — or undefined for the
 * default brand. Brands are the BFF's configuration, so the app carries no list of them.
 */
export function whiteLabelClient(storage: ExpiringStorage = expiringLocalStorage): string | undefined {
  const flag = storage.getItem(storageKeys.whiteLabel);
  return flag !== null && isClientName(flag) ? flag : undefined;
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

/**
 * Stores which brand applies (spec §4: applying a theme stores whether it is the white-label one): its clientName
 * for any brand but the default, nothing for the default brand. The BFF says which is which (`whiteLabel`).
 */
export function rememberBrand(
  brand: { clientName: string; whiteLabel: boolean },
  storage: ExpiringStorage = expiringLocalStorage,
): void {
  if (brand.whiteLabel && isClientName(brand.clientName)) storage.setItem(storageKeys.whiteLabel, brand.clientName);
  else storage.removeItem(storageKeys.whiteLabel);
}

/** Stores `clientName` as the brand to ask the BFF for next, before it has answered (a brand's own path). */
export function chooseBrand(clientName: string, storage: ExpiringStorage = expiringLocalStorage): void {
  if (isClientName(clientName)) storage.setItem(storageKeys.whiteLabel, clientName);
}

/** Forgets the stored brand: the default brand applies. */
export function forgetBrand(storage: ExpiringStorage = expiringLocalStorage): void {
  storage.removeItem(storageKeys.whiteLabel);
}
