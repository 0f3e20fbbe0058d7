/**
 * The address parsing rule of spec §3: a comma-separated address text is split into flat, house name, house
 * number and street.
 *
 * Two kinds of text meet this rule:
 * - the BFF's postcode lookup (`eligibility/postCodeQuery`) answers `line` as exactly four comma-separated
 *   fields, always in the order flat, house name, house number, street, with absent ones empty
 *   (`", , 12, Acacia Avenue"`, `"Flat 2, Rose Court, 14, Mill Lane"`);
 * - text typed by people, which is looser (`"Flat 2, Rose Court, 14 Mill Lane"`, `"14a Mill Lane"`).
 *
 * The rule, in order:
 * 1. Every field is trimmed and runs of white space inside it become one space.
 * 2. The lookup's form — exactly four fields, the first empty or a flat (step 4), the third empty or a house
 *    number (step 5), the fourth not empty — is read by position, field for field.
 * 3. Otherwise empty fields are dropped (extra commas, a trailing comma, `", ,"`). No field left: every part
 *    is empty (empty or blank text, only commas).
 * 4. Flat: the first field when it starts with Flat, Apartment, Apt, Unit, Suite, Room or Maisonette followed
 *    by something (`"Flat 2"`, `"apartment 3B"`), kept as written. Only the first field is looked at: a flat
 *    is written first.
 * 5. House number and street: the first remaining field that is a house number (`"14"`, `"14A"`, `"12-14"`)
 *    or starts with one followed by a space (`"14 Mill Lane"`). The number is the house number (a letter
 *    after it upper-cased: `"14a"` → `"14A"`); the rest of that field and every field after it, joined with
 *    ", ", are the street (`"14 Mill Lane, Old Town"` → street `"Mill Lane, Old Town"`: the locality is
 *    kept rather than lost).
 * 6. With no house number, the last field is the street.
 * 7. The fields between the flat and the house number or street, joined with ", ", are the house name (more
 *    than four parts: nothing is dropped, `"Flat 2, Rose Court, East Wing, 14 Mill Lane"` → house name
 *    `"Rose Court, East Wing"`).
 *
 * So a lone field without a number (`"Rose Court"`) is taken for a street, and a lone number (`"14"`) for a
 * house number with no street: the form asking for the address then asks for what is missing.
 */
export interface ParsedAddress {
  flat: string;
  house_name: string;
  house_number: string;
  street: string;
}

const FLAT = /^(?:flat|apartment|apt\.?|unit|suite|room|maisonette)\s+\S/i;
/** A house number alone: digits, an optional letter, or a range of them (`14`, `14A`, `12-14`). */
const HOUSE_NUMBER = /^\d+[a-z]?(?:\s*-\s*\d+[a-z]?)?$/i;
/** A house number, then a space and the rest of the field. */
const NUMBER_THEN_STREET = /^(\d+[a-z]?(?:\s*-\s*\d+[a-z]?)?)\s+(.+)$/i;

const EMPTY: ParsedAddress = { flat: '', house_name: '', house_number: '', street: '' };

function tidy(field: string): string {
  return field.trim().replace(/\s+/g, ' ');
}

function houseNumber(token: string): string {
  return token.replace(/\s+/g, '').toUpperCase();
}

/** Splits a comma-separated address text into its parts by the rule above. */
export function parseAddress(text: string): ParsedAddress {
  const fields = text.split(',').map(tidy);

  const [first = '', second = '', third = '', fourth = ''] = fields;
  if (fields.length === 4 && (first === '' || FLAT.test(first)) && (third === '' || HOUSE_NUMBER.test(third)) && fourth !== '') {
    return { flat: first, house_name: second, house_number: third === '' ? '' : houseNumber(third), street: fourth };
  }

  const parts = fields.filter((field) => field !== '');
  if (parts.length === 0) return { ...EMPTY };

  let flat = '';
  if (FLAT.test(parts[0] ?? '')) flat = parts.shift() ?? '';

  const numberAt = parts.findIndex((part) => HOUSE_NUMBER.test(part) || NUMBER_THEN_STREET.test(part));
  if (numberAt === -1) {
    const street = parts.pop() ?? '';
    return { flat, house_name: parts.join(', '), house_number: '', street };
  }

  const part = parts[numberAt] ?? '';
  const after = parts.slice(numberAt + 1);
  const split = NUMBER_THEN_STREET.exec(part);
  const number = split?.[1] ?? part;
  const street = split?.[2] === undefined ? after : [split[2], ...after];
  return {
    flat,
    house_name: parts.slice(0, numberAt).join(', '),
    house_number: houseNumber(number),
    street: street.join(', '),
  };
}
