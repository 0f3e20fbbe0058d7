import { createBrandStore } from '@lender/ui/brand';
import { fetchBrand } from '../api/brand';
import { rememberBrand, WHITE_LABEL_CLIENT, whiteLabelClient } from './white-label';

/**
 * The brand the BFF themes the app with (getRebrandParams, spec §3): the white-label brand when the stored
 * flag says so, otherwise the default brand (with a session, the BFF answers the application owner's brand).
 * Applying it stores whether it is the white-label brand (spec §4 "Theme").
 */
export const useBrandStore = createBrandStore(async () => {
  const clientName = whiteLabelClient();
  const brand = await fetchBrand(clientName === undefined ? undefined : { clientName });
  rememberBrand(brand.clientName);
  return brand;
});

/**
 * The brand follows the application's owner (spec §4 "Theme"): once the application info says the white-label
 * brand owns the application, the app takes that brand — its theme, page title and icon at once — and keeps the
 * flag, so the next visit opens in it too. Any other owner leaves the brand as it is.
 */
export function followApplicationOwner(owner: string): void {
  if (owner !== WHITE_LABEL_CLIENT || whiteLabelClient() === WHITE_LABEL_CLIENT) return;
  rememberBrand(owner);
  void useBrandStore.getState().load();
}
