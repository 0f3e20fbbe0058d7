import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';

/**
 * A GOV.UK notification banner: something the person should know before they start (a stored login error,
 * the reason they were sent here). Not an error summary: it links to no field. A `warning` (a loan in arrears)
 * is drawn in the theme's warning colour, never the brand's, so it does not read as the brand's own news.
 */
export function NoticeBanner({
  title,
  tone = 'notice',
  children,
}: {
  title: string;
  tone?: 'notice' | 'warning';
  children: ReactNode;
}) {
  const titleId = useId();
  const colour = tone === 'warning' ? 'warning' : 'primary';
  return (
    <Box role="region" aria-labelledby={titleId} sx={{ border: 4, borderColor: `${colour}.main`, mb: 3 }}>
      <Typography
        id={titleId}
        component="h2"
        variant="body2"
        sx={{ bgcolor: `${colour}.main`, color: `${colour}.contrastText`, px: 2, py: 0.5, fontWeight: 700 }}
      >
        {title}
      </Typography>
      <Box sx={{ p: 2 }}>{children}</Box>
    </Box>
  );
}
