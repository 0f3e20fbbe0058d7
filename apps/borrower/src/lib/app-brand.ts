import type { BrandConfig } from '@lender/api-client';
import type { BrandStoreState } from '@lender/ui/brand';
import { brandTokens } from '@lender/ui/brands';
import type { BrandTokens } from '@lender/ui/brands';
import { useMemo } from 'react';
import { useBrandStore } from './brand-store';
import { whiteLabelClient } from './white-label';

function selectReadyBrand(store: BrandStoreState): BrandConfig | undefined {
  return store.state.status === 'ready' ? store.state.brand : undefined;
}

export interface AppBrand {
  /** The brand's tokens, named as the BFF names it once it has answered. */
  tokens: BrandTokens;
  /** The BFF's brand configuration (colours, links, contact details, fee), once it has answered. */
  config: BrandConfig | undefined;
}

/**
 * The brand the app is drawn with: the BFF's brand configuration once it has answered; until then (or when it
 * failed) the tokens of the brand the stored white-label flag names (spec §4 "Theme"), so a white-label
 * person never sees the default brand first.
 */
export function useAppBrand(): AppBrand {
  const config = useBrandStore(selectReadyBrand);
  return useMemo(() => {
    if (config) {
      return {
        tokens: { ...brandTokens(config.clientName), displayName: config.displayName, logoURL: config.logoURL },
        config,
      };
    }
    return { tokens: brandTokens(whiteLabelClient()), config: undefined };
  }, [config]);
}
