import { ErrorCodes, isApiError } from '@lender/api-client';
import { createBrandStore } from '@lender/ui/brand';
import { fetchBrand } from '../api/brand';
import { chooseBrand, forgetBrand, rememberBrand, whiteLabelClient } from './white-label';

/** The brand keys the BFF refused in this visit: a brand's path naming one is the 404 page. */
const refused = new Set<string>();

/** Whether the BFF said it has no brand called `clientName` (a mistyped or withdrawn brand's path). */
export function brandRefused(clientName: string): boolean {
  return refused.has(clientName);
}

/**
 * The brand the BFF themes the app with (getRebrandParams, spec §3): the brand the stored flag names, otherwise the
 * default brand (with a session, the BFF answers the application owner's brand). Applying it stores which brand it
 * is (spec §4 "Theme"). A flag naming a brand the BFF does not have is forgotten, and the default brand applies.
 */
export const useBrandStore = createBrandStore(async () => {
  const clientName = whiteLabelClient();
  try {
    const brand = await fetchBrand(clientName === undefined ? undefined : { clientName });
    rememberBrand(brand);
    return brand;
  } catch (error) {
    if (clientName === undefined || !isApiError(error) || error.errorCode !== ErrorCodes.badRequest) throw error;
    refused.add(clientName);
    forgetBrand();
    const brand = await fetchBrand(undefined);
    rememberBrand(brand);
    return brand;
  }
});

/**
 * Draws the app in the brand called `clientName` (a brand's own sign-in path): stores it as the brand to ask for
 * before the first paint, and asks again when a brand loaded before is another one.
 */
export function showBrand(clientName: string): void {
  if (whiteLabelClient() !== clientName) chooseBrand(clientName);
  askAgainUnless(clientName);
}

/**
 * Asks the BFF for the brand again unless the one drawn is `clientName` (or the BFF refused that name); a request
 * already on its way was asked before the flag changed, so the question is put once more after it.
 */
function askAgainUnless(clientName: string): void {
  const { state, load } = useBrandStore.getState();
  const again = () => {
    const now = useBrandStore.getState().state;
    if (now.status === 'ready' && now.brand.clientName !== clientName && !refused.has(clientName)) void load();
  };
  if (state.status === 'loading') void load().then(again);
  else again();
}

/**
 * The brand follows the application's owner (spec §4 "Theme"): once the application info names an owner other than
 * the brand the app is drawn in, the app asks for the owner's brand — its theme, page title and icon change at
 * once — and keeps the flag, so the next visit opens in it too.
 */
export function followApplicationOwner(owner: string): void {
  const { state, load } = useBrandStore.getState();
  const current = state.status === 'ready' ? state.brand.clientName : whiteLabelClient();
  if (owner === '' || owner === current) return;
  chooseBrand(owner);
  if (state.status === 'idle') void load();
  else askAgainUnless(owner);
}
