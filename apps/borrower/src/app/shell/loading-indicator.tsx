import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useLocation } from 'react-router';
import { useStore } from 'zustand';
import { requestActivity } from '../../lib/api';
import { showsLoadingIndicator } from '../../lib/request-activity';
import type { RequestActivityState } from '../../lib/request-activity';

const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

function selectInFlight(state: RequestActivityState): number {
  return state.inFlight;
}

/**
 * The global progress indicator (spec §9): a thin bar at the top of the viewport while API requests are on
 * their way (each for at most 300000 ms), except on /loan/ screens, which show their own progress.
 */
export function LoadingIndicator() {
  const inFlight = useStore(requestActivity.store, selectInFlight);
  const { pathname } = useLocation();
  if (!showsLoadingIndicator(inFlight, pathname)) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading data"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 4,
        overflow: 'hidden',
        zIndex: 'snackbar',
        pointerEvents: 'none',
        bgcolor: 'transparent',
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${sweep} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        },
      }}
    />
  );
}
