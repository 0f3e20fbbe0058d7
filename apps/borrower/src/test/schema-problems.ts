// For the tests of question pages' schemas only (imported from *.test.ts files): what a page's check finds, as
// its error summary lists it.
import type { z } from 'zod';
import type { FieldError } from '@lender/ui/components/error-summary';
import { summaryErrors } from '../components/question/error-list';

/** The problems `schema` finds in `values`: the field ids and messages the error summary would list. */
export function problemsOf(schema: z.ZodType, values: unknown): FieldError[] {
  const checked = schema.safeParse(values);
  if (checked.success) return [];
  const errors: Record<string, unknown> = {};
  for (const issue of checked.error.issues) {
    let node = errors;
    for (const key of issue.path.slice(0, -1)) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    node[String(issue.path.at(-1))] ??= { message: issue.message };
  }
  return summaryErrors(errors);
}
