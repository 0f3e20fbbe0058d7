import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode, SyntheticEvent } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useFailedSubmitTitle, usePageTitle } from '../../lib/page-title';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import { SignInPage } from '../sign-in-page';
import { inPageOrder, summaryErrors } from './error-list';
import { serverFieldErrors } from './server-field-errors';
import type { ServerCodes } from './server-field-errors';

/** What frames the page: the brand's layout (default) or a journey's, which adds its progress and back link. */
export type QuestionFrame = ComponentType<{ title: string; backTo?: string; children: ReactNode }>;

/** A page's schema: what the fields hold (`Input`, kept in the draft) to what is sent (`Output`). */
export type QuestionSchema<Input extends FieldValues, Output> = z.ZodType<Output, Input>;

export interface QuestionPageProps<Input extends FieldValues, Output> {
  /** The question: the page's one h1 and its title. */
  question: string;
  /** Said under the question, for the whole page. */
  hint?: ReactNode;
  /** Where the back link leads; none without it (or the frame's own). */
  backTo?: string | undefined;
  frame?: QuestionFrame;
  schema: QuestionSchema<Input, Output>;
  /** The answers to start from: the draft's, else what the application records. */
  defaultValues: DefaultValues<Input>;
  /** Called on every change with the answers as they stand, to keep them in the draft. */
  onChange?: ((values: Input) => void) | undefined;
  /**
   * Called with checked answers. It may wait for a call, and throw its failure: a failure about an answer
   * (see `serverField`) shows on that field; any other leaves the answers for another try.
   */
  onSubmit: (values: Output) => unknown;
  /**
   * The page's field for each value the call sends under another name, so the BFF's answer about it
   * (100400 naming the value) shows on that field (see server-field-errors.ts).
   */
  serverFields?: Readonly<Record<string, Path<Input>>> | undefined;
  /** The field an inline answer lands on when the BFF's names no field of the page. */
  serverField?: Path<Input> | undefined;
  /**
   * Codes answered inline besides 100400 (100617 for a change staff may not make…), or `'any'` for a call whose
   * every refusal the page says itself.
   */
  serverCodes?: ServerCodes | undefined;
  /** Answers put back to their defaults when an answer was not taken (a PIN is typed afresh after each try). */
  resetAfterFailure?: readonly Path<Input>[] | undefined;
  /** Continue waits for something besides the submit (a new code being sent, the page's content read again). */
  busy?: boolean | undefined;
  /** Between the question and the fields. */
  intro?: ReactNode;
  submitLabel?: string;
  /**
   * Below the button (another way on, a link to send a code again); it may use the form (`useFormContext`), as
   * a `SubmitAnotherWay` does.
   */
  after?: ReactNode;
  /**
   * Problems to show by their fields as the page opens, before any submit: a refusal the BFF gave on the way
   * here (a share code checked on the next screen). The next submit checks the answers afresh.
   */
  initialErrors?: Partial<Record<Path<Input>, string>> | undefined;
  /** Whether the page shows its button: not while there is nothing yet to continue with (an address to find). */
  showSubmit?: boolean;
  /**
   * Tidies the answers as they are sent, before they are checked (a street typed as one line split into its
   * parts): the fields show, and the draft keeps, what it answers, whether the check then passes or not.
   */
  prepare?: ((values: Input) => Input) | undefined;
  /** The fields (components of this folder, which find the form by context). */
  children: ReactNode;
}

/** Where a failed call's refusals of the answers go (see server-field-errors.ts). */
interface ServerProblems {
  serverFields?: Readonly<Record<string, string>> | undefined;
  serverField?: string | undefined;
  serverCodes?: ServerCodes | undefined;
}

/**
 * Puts a failed call's refusals of the answers on their fields. Anything else was told by the shared error
 * table; the answers stay for another try.
 */
function showRefusals<Input extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<Input>, 'getValues' | 'setError'>,
  { serverFields, serverField, serverCodes }: ServerProblems,
): void {
  const fields = serverFieldErrors(error, {
    fields: serverFields,
    has: (name) => form.getValues(name as Path<Input>) !== undefined,
    field: serverField,
    codes: serverCodes,
  });
  for (const [name, message] of Object.entries(fields ?? {})) {
    form.setError(name as Path<Input>, { type: 'server', message });
  }
}

/**
 * A GOV.UK question page (DESIGN §6) on react-hook-form and zod: the question as the one h1, a hint, the back
 * link, the error summary that takes focus after a failed submit (its links move focus to the field and bring
 * its label into view), the fields, and the continue button, busy while the answer is sent. Checked on submit
 * only; after a failed submit the document title starts "Error: ".
 *
 * It lives in the borrower app for now; once the finance portal asks questions too it moves down to
 * `packages/ui` as it is (it depends on nothing of the app but the page title and the frame).
 */
export function QuestionPage<Input extends FieldValues, Output>({
  question,
  hint,
  backTo,
  frame: Frame = SignInPage,
  schema,
  defaultValues,
  onChange,
  onSubmit,
  serverFields,
  serverField,
  serverCodes,
  resetAfterFailure,
  busy = false,
  intro,
  submitLabel = 'Continue',
  after,
  showSubmit = true,
  prepare,
  initialErrors,
  children,
}: QuestionPageProps<Input, Output>) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as z.ZodType<Output, Input> & z.core.$ZodType<Output, Input>),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const listed = inPageOrder(summaryErrors(errors));
  const failed = submitCount > 0 && listed.length > 0;
  usePageTitle(question);
  useFailedSubmitTitle(failed);

  // The latest `onChange`, so a page may pass a new function each render without a new subscription.
  const keep = useRef(onChange);
  useEffect(() => {
    keep.current = onChange;
  });
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          keep.current?.(values);
        },
      }),
    [subscribe],
  );

  const { setError } = form;
  const [openingErrors] = useState(initialErrors);
  useEffect(() => {
    for (const [name, message] of Object.entries(openingErrors ?? {})) {
      if (typeof message === 'string') setError(name as Path<Input>, { type: 'server', message });
    }
  }, [openingErrors, setError]);

  const check = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      for (const name of resetAfterFailure ?? []) form.resetField(name);
      showRefusals(error, form, { serverFields, serverField, serverCodes });
    }
  });
  const submit = (event: SyntheticEvent) => {
    if (prepare !== undefined) {
      const tidied = prepare(form.getValues());
      for (const [name, value] of Object.entries(tidied)) {
        if (value !== form.getValues(name as Path<Input>)) form.setValue(name as Path<Input>, value as PathValue<Input, Path<Input>>);
      }
    }
    return check(event);
  };

  return (
    <Frame title={question} {...(backTo === undefined ? {} : { backTo })}>
      <ErrorSummary errors={listed} />
      {hint === undefined ? null : <Typography sx={{ mb: 3, color: 'text.secondary' }}>{hint}</Typography>}
      {intro}
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          {children}
          {showSubmit ? (
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || busy} sx={{ mt: 1 }}>
              {submitLabel}
            </Button>
          ) : null}
        </Box>
        {after}
      </FormProvider>
    </Frame>
  );
}

export interface SubmitAnotherWayProps<Output> extends ServerProblems {
  label: string;
  /** Called with the answers checked as Continue checks them; it may wait for a call, and throw its failure. */
  onSubmit: (values: Output) => unknown;
  /** Something else on the page is being sent: the button waits for it too. */
  busy?: boolean | undefined;
}

/**
 * A second way to send the page's answers, below Continue (in `after`): the same check, the same error summary,
 * another call (a sign-in code rather than a link). Busy while either button's answer is sent.
 */
export function SubmitAnotherWay<Output>({
  label,
  onSubmit,
  busy = false,
  serverFields,
  serverField,
  serverCodes,
}: SubmitAnotherWayProps<Output>) {
  const form = useFormContext<FieldValues, unknown, Output>();
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showRefusals(error, form, { serverFields, serverField, serverCodes });
    }
  });
  return (
    <Button
      type="button"
      variant="outlined"
      size="large"
      fullWidth
      disabled={form.formState.isSubmitting || busy}
      onClick={() => void submit()}
      sx={{ mt: 2 }}
    >
      {label}
    </Button>
  );
}
