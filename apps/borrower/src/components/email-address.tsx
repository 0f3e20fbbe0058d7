import Box from '@mui/material/Box';

/**
 * An e-mail address in a sentence: bold, and free to break anywhere, since an address has no spaces and a long
 * one would otherwise widen a 375 px page.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
      {address}
    </Box>
  );
}
