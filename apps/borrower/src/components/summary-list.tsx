import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A GOV.UK summary list: each term with its value, one row each (a `dl`). */
export function SummaryList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box component="dl" sx={{ m: 0, mb: 3 }}>
      {rows.map(([term, value]) => (
        <Box
          key={term}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
