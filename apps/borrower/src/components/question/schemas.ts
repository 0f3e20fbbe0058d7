import { z } from 'zod';
import type { DatePart, DateProblem } from '../date-input';

/**
 * Schema pieces every question page shares, with GOV.UK messages given by the page. Answers are held as typed
 * (text) and checked on submit; a schema's output is what the page sends.
 */

/** Text that must be given (trimmed), at most `max` characters. */
export function requiredText(required: string, tooLong?: { max: number; message: string }) {
  return z.string().superRefine((value, context) => {
    if (value.trim() === '') context.addIssue({ code: 'custom', message: required });
    else if (tooLong !== undefined && value.length > tooLong.max) context.addIssue({ code: 'custom', message: tooLong.message });
  });
}

/** One of the choices (a radio or a select), or the message when none is chosen. */
export function requiredChoice(required: string) {
  return z.string().refine((value) => value !== '', { message: required });
}

/** A GOV.UK date's parts as typed, checked by `check` (a message and the parts it is about, or undefined). */
export function dateParts<P extends DatePart>(
  parts: readonly P[],
  check: (value: Record<P, string>) => DateProblem<P> | undefined,
) {
  const shape = Object.fromEntries(parts.map((part) => [part, z.string()])) as Record<P, z.ZodString>;
  return z.object(shape).superRefine((value, context) => {
    const problem = check(value as Record<P, string>);
    if (problem === undefined) return;
    for (const part of problem.parts) context.addIssue({ code: 'custom', message: problem.message, path: [part] });
  });
}

/** Text checked by a function that answers the message, or undefined when the text is fine. */
export function checkedText(check: (value: string) => string | undefined) {
  return z.string().superRefine((value, context) => {
    const message = check(value);
    if (message !== undefined) context.addIssue({ code: 'custom', message });
  });
}

/**
 * Adds the problems `schema` finds in `value` at `path`: the check of an answer asked only sometimes (the
 * purpose in words for "Something else"), inside a page's `superRefine`.
 */
export function addProblemsOf(context: z.RefinementCtx, schema: z.ZodType, value: unknown, path: string): void {
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    context.addIssue({ code: 'custom', message: issue.message, path: [path, ...issue.path] });
  }
}

/** A box that must be ticked (a consent), or the message. */
export function mustAgree(message: string) {
  return z.boolean().refine((agreed) => agreed, { message });
}
