import { useEffect, useState } from 'react';
import { useBrandStore } from '../../lib/brand-store';
import { WHITE_LABEL_CLIENT, rememberBrand, whiteLabelClient } from '../../lib/white-label';

/**
 * Draws the app as the white-label brand when `on` (the `-wl` document pages), as the white-label login path
 * does: the flag is stored before the first paint (spec §4 "Theme": applying a theme stores it), and a brand
 * already loaded as the default one is asked for again, which re-themes and retitles the app.
 */
export function useWhiteLabelBrand(on: boolean): void {
  // Before the children render (their effects run before this component's): the brand they ask for is right.
  useState(() => {
    if (on && whiteLabelClient() === undefined) rememberBrand(WHITE_LABEL_CLIENT);
    return null;
  });
  useEffect(() => {
    if (!on) return;
    const { state, load } = useBrandStore.getState();
    if (state.status === 'ready' && state.brand.clientName !== WHITE_LABEL_CLIENT) void load();
  }, [on]);
}
