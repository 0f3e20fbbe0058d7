import type { FieldError } from '@lender/ui/components/error-summary';

/** The id of a field's input (or group) from its name in the form: `credit.q1` → `credit-q1`. */
export function fieldIdOf(name: string): string {
  return name.replaceAll('.', '-');
}

const DATE_PARTS = new Set(['day', 'month', 'year']);

/**
 * The form's errors as the error summary lists them, in the order of the schema (the order of the fields):
 * one entry per message, linked to its field's id. A date's parts in error with one message are one entry,
 * linked to the first part in error.
 */
export function summaryErrors(errors: object): FieldError[] {
  const found: FieldError[] = [];
  function walk(node: unknown, path: string[]) {
    if (typeof node !== 'object' || node === null) return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message !== '') {
      const last = path.at(-1) ?? '';
      const previous = found.at(-1);
      const sameDate =
        DATE_PARTS.has(last) &&
        previous?.message === message &&
        previous.fieldId.startsWith(`${fieldIdOf(path.slice(0, -1).join('.'))}-`);
      if (!sameDate) found.push({ fieldId: fieldIdOf(path.join('.')), message });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'type') walk(child, [...path, key]);
  }
  walk(errors, []);
  return found;
}

/**
 * The entries in the order their fields stand on the page: a schema checks an answer asked only sometimes
 * (how an income will change) after the others, but the summary reads top to bottom as the page does.
 */
export function inPageOrder(errors: readonly FieldError[]): FieldError[] {
  return [...errors].sort((a, b) => {
    const first = document.getElementById(a.fieldId);
    const second = document.getElementById(b.fieldId);
    if (first === null || second === null || first === second) return 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}
