import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { describedBy as describe, FieldMessages } from './field-messages';
import { visuallyHidden } from '@lender/ui/visually-hidden';

export interface Choice {
  value: string;
  label: string;
}

export interface RadioFieldProps {
  /** The radios' name; the first radio's id, which the error summary links to. */
  name: string;
  /** The question, as the fieldset's legend. */
  legend: string;
  hint?: string | undefined;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The legend repeats the page's h1: read by screen readers, not shown twice. */
  hideLegend?: boolean;
}

/** One question answered with radios: a fieldset whose legend is the question, with its hint and inline error. */
export function RadioField({ name, legend, hint, options, value, onChange, error, hideLegend = false }: RadioFieldProps) {
  const { hintId, errorId, describedBy } = describe(name, hint, error);
  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      aria-describedby={describedBy}
      sx={{ mb: 3, display: 'block' }}
    >
      <FormLabel
        component="legend"
        sx={hideLegend ? visuallyHidden : { typography: 'h6', color: 'text.primary', mb: 1 }}
      >
        {legend}
      </FormLabel>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      <RadioGroup
        name={name}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio id={index === 0 ? name : `${name}-${option.value}`} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export const YES_NO: readonly Choice[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
