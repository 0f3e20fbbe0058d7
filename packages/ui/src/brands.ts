/**
 * Brand tokens: the colours and names a brand is drawn with before (or without) the BFF's brand
 * configuration. The BFF's `getRebrandParams` answer overrides the colours per client (spec §1, §3); the
 * sandbox's brands (`sandbox/lending/seed.go`) carry the same colours. Every pair the theme draws from them
 * meets WCAG 2.2 AA contrast (`contrast.ts`, `contrast.test.ts`).
 */
export interface BrandTokens {
  /** The brand's key: `default`, or the white-label brand's path segment. */
  clientName: string;
  /** The brand's name as shown to people. */
  displayName: string;
  primary: string;
  primaryAlt: string;
  backgroundColor: string;
  errorColor: string;
  headerColor: string;
  headerTextColor: string;
  /** The logo drawn beside the name in the banner (the BFF's brand configuration); none before it answers. */
  logoURL?: string;
}

/** The default brand: primary green on cream (spec §9). */
export const meadowLoans: BrandTokens = {
  clientName: 'default',
  displayName: 'Meadow Loans',
  primary: '#1d6b3e',
  primaryAlt: '#14502e',
  backgroundColor: '#fbf7ec',
  errorColor: '#b3261e',
  headerColor: '#1d6b3e',
  headerTextColor: '#ffffff',
};

/** The white-label brand: primary teal (spec §9). */
export const harbourCredit: BrandTokens = {
  clientName: 'harbour',
  displayName: 'Harbour Credit',
  primary: '#0b6468',
  primaryAlt: '#08494c',
  backgroundColor: '#f5fafa',
  errorColor: '#b3261e',
  headerColor: '#0b6468',
  headerTextColor: '#ffffff',
};

export const brands = {
  default: meadowLoans,
  harbour: harbourCredit,
} as const satisfies Record<string, BrandTokens>;

/**
 * A brand the app does not carry (a third brand, a broker client), until the BFF answers with it: no name and
 * plain greys, so nobody is shown another brand's name or colours while it loads. Its pairs meet WCAG AA too.
 */
export const unnamedBrand: BrandTokens = {
  clientName: '',
  displayName: '',
  primary: '#3d4346',
  primaryAlt: '#2b3033',
  backgroundColor: '#ffffff',
  errorColor: '#b3261e',
  headerColor: '#3d4346',
  headerTextColor: '#ffffff',
};

/**
 * The tokens of a brand by its key: the default brand for no key, the unnamed brand for a key the app does not
 * carry (its values arrive with the BFF's answer).
 */
export function brandTokens(clientName: string | null | undefined): BrandTokens {
  if (clientName === null || clientName === undefined || clientName === meadowLoans.clientName) return meadowLoans;
  return clientName === harbourCredit.clientName ? harbourCredit : unnamedBrand;
}
