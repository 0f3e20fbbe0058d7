import { createBrandStore } from '@lender/ui/brand';
import { api } from './api';
import { rememberBrand, whiteLabelClient } from './white-label';

/**
 * The brand the BFF themes the app with (getRebrandParams, spec §3): the white-label brand when the stored
 * flag says so, otherwise the default brand (with a session, the BFF answers the application owner's brand).
 * Applying it stores whether it is the white-label brand (spec §4 "Theme").
 */
export const useBrandStore = createBrandStore(async () => {
  const clientName = whiteLabelClient();
  const brand = await api.get(
    '/eligibility/getRebrandParams',
    clientName === undefined ? undefined : { params: { query: { clientName } } },
  );
  rememberBrand(brand.clientName);
  return brand;
});
