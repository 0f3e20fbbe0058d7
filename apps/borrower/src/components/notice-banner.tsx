import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A GOV.UK notification banner: something the person should know before they start (a stored login error,
 * the reason they were sent here). Not an error summary: it links to no field.
 */
export function NoticeBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-labelledby="notice-banner-title"
      sx={{ border: 4, borderColor: 'primary.main', mb: 3 }}
    >
      <Typography
        id="notice-banner-title"
        component="h2"
        variant="body2"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 0.5, fontWeight: 700 }}
      >
        {title}
      </Typography>
      <Box sx={{ p: 2 }}>{children}</Box>
    </Box>
  );
}
