import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';

export interface ConsentCheckboxProps {
  /** The checkbox's id (the error summary links to it) and name. */
  id: string;
  /** What ticking it agrees to, in the first person ("I agree to …"). */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

/** One checkbox a person must tick to agree to something (GOV.UK single checkbox), with its inline error. */
export function ConsentCheckbox({ id, label, checked, onChange, error }: ConsentCheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <FormControl
      error={error !== undefined}
      aria-describedby={error === undefined ? undefined : errorId}
      sx={{ mb: 4, display: 'block' }}
    >
      {error === undefined ? null : (
        <FormHelperText id={errorId} sx={{ typography: 'body2', mx: 0, mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      <FormControlLabel
        control={
          <Checkbox
            id={id}
            name={id}
            checked={checked}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
            slotProps={{
              input: {
                'aria-invalid': error !== undefined,
                ...(error === undefined ? {} : { 'aria-describedby': errorId }),
              },
            }}
          />
        }
        label={label}
      />
    </FormControl>
  );
}
