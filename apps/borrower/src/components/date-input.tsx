import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { FieldError } from '@lender/ui/components/error-summary';
import { FieldMessages } from './field-messages';
import { visuallyHidden } from '@lender/ui/visually-hidden';

/** A part of a GOV.UK date input, in the order GOV.UK lays them out. */
export type DatePart = 'day' | 'month' | 'year';

/** A date's problem: its message, and the parts in error (the summary links to the first). */
export interface DateProblem<P extends DatePart = DatePart> {
  message: string;
  parts: readonly P[];
}

// GOV.UK sizes the boxes to what they take: two digits for the day and month, four for the year.
const LABELS: Record<DatePart, string> = { day: 'Day', month: 'Month', year: 'Year' };
const WIDTHS: Record<DatePart, string> = { day: '5em', month: '5em', year: '7em' };

/** The id of a part's input, `<idPrefix>-<part>`: the error summary links to it. */
export function datePartId(idPrefix: string, part: DatePart): string {
  return `${idPrefix}-${part}`;
}

/** The error summary's entry for a date's problem: one message, linked to the first part in error. */
export function dateSummaryErrors<P extends DatePart>(
  idPrefix: string,
  parts: readonly P[],
  problem: DateProblem<P> | undefined,
): FieldError[] {
  if (problem === undefined) return [];
  const first = problem.parts[0] ?? parts[0] ?? 'day';
  return [{ fieldId: datePartId(idPrefix, first), message: problem.message }];
}

export interface DateInputProps<P extends DatePart> {
  /** Starts every id: the parts' inputs (`<idPrefix>-day`…), the hint and the inline error. */
  idPrefix: string;
  /** The question, as the fieldset's legend. */
  legend: string;
  /** The legend repeats the page's h1: read by screen readers, not shown twice. */
  hideLegend?: boolean | undefined;
  /** An example of a real answer, read with the group. */
  hint: string;
  /** Which parts are asked, in order: day, month and year, or month and year. */
  parts: readonly P[];
  value: Record<P, string>;
  onChange: (value: Record<P, string>) => void;
  problem?: DateProblem<P> | undefined;
  /** A date of birth: browsers may fill the parts from the person's saved details (bday-day…). */
  birthday?: boolean | undefined;
}

/**
 * The GOV.UK date input: a fieldset whose legend is the question, a hint, the inline error, and one labelled
 * numeric box per part, each marked invalid when the problem names it. Text, not number, inputs: GOV.UK's
 * advice, since number inputs drop leading zeros and change with the scroll wheel.
 */
export function DateInput<P extends DatePart>({
  idPrefix,
  legend,
  hideLegend = false,
  hint,
  parts,
  value,
  onChange,
  problem,
  birthday = false,
}: DateInputProps<P>) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <FormControl
      component="fieldset"
      error={problem !== undefined}
      aria-describedby={problem === undefined ? hintId : `${hintId} ${errorId}`}
      sx={{ mb: 4, display: 'block' }}
    >
      <FormLabel component="legend" sx={hideLegend ? visuallyHidden : { typography: 'h6', color: 'text.primary', mb: 1 }}>
        {legend}
      </FormLabel>
      <FieldMessages hint={hint} error={problem?.message} hintId={hintId} errorId={errorId} />
      <Box sx={{ display: 'flex', gap: 2 }}>
        {parts.map((part) => {
          const invalid = problem?.parts.includes(part) ?? false;
          const id = datePartId(idPrefix, part);
          return (
            <TextField
              key={part}
              id={id}
              name={id}
              label={LABELS[part]}
              value={value[part]}
              error={invalid}
              onChange={(event) => {
                onChange({ ...value, [part]: event.target.value });
              }}
              sx={{ width: WIDTHS[part] }}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  autoComplete: birthday ? `bday-${part}` : 'off',
                  spellCheck: false,
                  'aria-invalid': invalid,
                },
                inputLabel: { shrink: true },
              }}
            />
          );
        })}
      </Box>
    </FormControl>
  );
}
