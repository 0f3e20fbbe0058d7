import { requestFieldSchema } from '@lender/api-client/requests';
import type { RequestPath } from '@lender/api-client/requests';
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

/**
 * The contract's rule for the value sent as `name` of the operation at `path` (bff/openapi.yaml, generated into
 * `@lender/api-client/requests`), carrying the message the BFF answers when it is broken. A page checks what it
 * sends with it, so the person reads the BFF's words before anything is sent and no limit is copied by hand.
 * Fails at once, where the page is defined, when the contract has no such value.
 */
export function contractRule(path: RequestPath, name: string): z.ZodType {
  const rule = requestFieldSchema(path, name);
  if (rule === undefined) throw new Error(`bff/openapi.yaml sends no "${name}" with ${path}`);
  return rule instanceof z.ZodOptional ? (rule.unwrap() as z.ZodType) : rule;
}

/**
 * An answer as the page checks it while typed (its own GOV.UK words for an empty or unreadable answer), then,
 * as it will be sent, by the contract's rule for `name` of `path`: the limits and their messages are the BFF's.
 */
export function sentAs<Output, Input>(answer: z.ZodType<Output, Input>, path: RequestPath, name: string) {
  return answer.pipe(contractRule(path, name) as z.ZodType<Output, Output>);
}

/** The longest text the contract takes for `name` of `path` (an input's `maxlength`, a hint's "Up to 200 characters"). */
export function contractMaxLength(path: RequestPath, name: string): number {
  const rule = contractRule(path, name);
  const max = rule instanceof z.ZodString ? rule.maxLength : null;
  if (max === null) throw new Error(`bff/openapi.yaml sets no maxLength on "${name}" of ${path}`);
  return max;
}

/** The contract's first message about `value` sent as `name` of `path`, or undefined when it takes it. */
export function contractProblem(path: RequestPath, name: string, value: unknown): string | undefined {
  return contractRule(path, name).safeParse(value).error?.issues[0]?.message;
}

/**
 * An e-mail address: the page's message when none is given, then, trimmed, the contract's rule for an address
 * (verifyUserStatusByEmail's, whose only value it is; the other calls taking one check it the same way), so a bad
 * one (`jo..smith@example.com`) is told in the BFF's words before anything is sent.
 */
export function emailAddress(required: string) {
  return sentAs(
    requiredText(required).transform((email) => email.trim()),
    '/eligibility/verifyUserStatusByEmail',
    'email',
  );
}
