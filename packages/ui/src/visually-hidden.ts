/**
 * Hidden on screen but read by screen readers: a fieldset's legend that repeats the h1, the words that say what a
 * "Change" link changes, the table of the figures a chart draws.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
