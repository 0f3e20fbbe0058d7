import { createBrandStore } from '@lender/ui/brand';
import { fetchBrand } from '../api/brand';
import { rememberBrand, whiteLabelClient } from './white-label';

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
