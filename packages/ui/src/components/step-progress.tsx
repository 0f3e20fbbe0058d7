import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** `current` held between 0 and `total` (0 when there are no steps). */
function clampStep(current: number, total: number): number {
  return total > 0 ? Math.min(Math.max(current, 0), total) : 0;
}

/**
 * How far through `total` steps step `current` is, as a whole percentage from 0 to 100. `current` is held
 * between 0 and `total`; with no steps at all the answer is 0.
 */
export function stepPercent(current: number, total: number): number {
  return total > 0 ? Math.round((clampStep(current, total) / total) * 100) : 0;
}

export interface StepProgressProps {
  /** The step the person is on: 0 before the first counted step (the quote), `total` when done (spec §4). */
  current: number;
  /** How many steps the journey counts (the quote and the submitted page are not counted). */
  total: number;
  /** The progress bar's accessible name. */
  label?: string;
}

/**
 * A journey's progress: "Step 2 of 5" and "40%" above a bar that is a progressbar named by `label`, with its
 * value (0–100) and a spoken value text ("Step 2 of 5, 40% complete").
 */
export function StepProgress({ current, total, label = 'Application progress' }: StepProgressProps) {
  const percent = stepPercent(current, total);
  const stepText = `Step ${clampStep(current, total)} of ${total > 0 ? total : 0}`;

  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1, typography: 'body2', fontWeight: 600 }}>
        <span>{stepText}</span>
        <span>{percent}%</span>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={`${stepText}, ${percent}% complete`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

