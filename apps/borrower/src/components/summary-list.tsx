import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A row: the term, its value, and what can be done with it (a "Change" link), if anything. */
export type SummaryRow = readonly [string, ReactNode] | readonly [string, ReactNode, ReactNode];

/**
 * A GOV.UK summary list: each term with its value, one row each (a `dl`), and a row's action (its "Change" link)
 * at the end of the row. On a narrow screen the value goes under the term, the action beside them.
 */
export function SummaryList({ rows }: { rows: readonly SummaryRow[] }) {
  const actions = rows.some((row) => row[2] !== undefined);
  return (
    <Box component="dl" sx={{ m: 0, mb: 3 }}>
      {rows.map(([term, value, action]) => (
        <Box
          key={term}
          sx={{
            display: 'grid',
            gridTemplateColumns: actions ? { xs: '1fr auto', sm: '1fr 1fr auto' } : '1fr 1fr',
            columnGap: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, overflowWrap: 'anywhere', ...(actions ? { gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: '2', sm: 'auto' } } : {}) }}
          >
            {value}
          </Typography>
          {actions ? (
            <Box component="dd" sx={{ m: 0, gridColumn: { xs: '2', sm: 'auto' }, gridRow: { xs: '1 / span 2', sm: 'auto' } }}>
              {action}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
