/**
 * Every key the borrower app keeps in local storage (spec §3 "Browser-kept values"). Values are written and
 * read only through `expiringLocalStorage` of `@lender/api-client/storage`, never `localStorage` directly.
 */
export const storageKeys = {
  /**
   * The white-label brand flag (spec §3, §4): the white-label brand's clientName (`harbour`) when the app is
   * themed as the white-label brand; absent for the default brand. Kept on logout (spec §4).
   */
  whiteLabel: 'whiteLabel',
  /** The platform marker: `ios`, `andriod` (the spec's spelling, kept for the data it meets) or `pc`. */
  platform: 'platform',
  /** Whether the user agent is a mobile one, as text: `'true'` or `'false'`. */
  isMobile: 'isMobile',
  /** The body width in px at the last layout (spec §4 "Other", §9), as text. */
  clientWidth: 'clientWidth',
} as const;
