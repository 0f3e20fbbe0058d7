import { parseAddress } from '../../lib/address-parsing';
import type { ManualAddressParts } from '../../lib/application-draft';

/** The fields of a manual address, in the order shown, with the contract's limits (EligibilityAddress). */
export const MANUAL_FIELDS: readonly {
  key: keyof ManualAddressParts;
  label: string;
  max: number;
  autoComplete: string;
  required: string | undefined;
}[] = [
  { key: 'flat', label: 'Flat, apartment or unit (optional)', max: 60, autoComplete: 'address-line2', required: undefined },
  { key: 'houseName', label: 'House name (optional)', max: 100, autoComplete: 'off', required: undefined },
  { key: 'houseNumber', label: 'House number (optional)', max: 20, autoComplete: 'off', required: undefined },
  { key: 'street', label: 'Street', max: 100, autoComplete: 'address-line1', required: 'Enter the street' },
  { key: 'town', label: 'Town or city', max: 60, autoComplete: 'address-level2', required: 'Enter the town or city' },
  { key: 'county', label: 'County (optional)', max: 60, autoComplete: 'address-level1', required: undefined },
  { key: 'postcode', label: 'Postcode', max: 10, autoComplete: 'postal-code', required: 'Enter a postcode' },
];

/** A UK postcode: outward code A9, A99, A9A, AA9, AA99 or AA9A, then a digit and two letters other than C, I, K, M, O, V. */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}$/;

/** A postcode as the gazetteer writes it (`lm1 1aa` → `LM1 1AA`), or undefined when it is not a UK postcode. */
export function normalisePostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!POSTCODE.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The parts after the parsing rule of spec §3: an address typed (or filled in by the browser) as one
 * comma-separated line in the street field is split into flat, house name, house number and street, filling
 * only the parts left empty.
 */
export function splitStreetLine(parts: ManualAddressParts): ManualAddressParts {
  if (!parts.street.includes(',')) return parts;
  const parsed = parseAddress(parts.street);
  return {
    ...parts,
    flat: parts.flat.trim() === '' ? parsed.flat : parts.flat,
    houseName: parts.houseName.trim() === '' ? parsed.house_name : parts.houseName,
    houseNumber: parts.houseNumber.trim() === '' ? parsed.house_number : parts.houseNumber,
    street: parsed.street,
  };
}

/** What is wrong with a manual address, one message per field, in the order of the fields. */
export function manualAddressErrors(parts: ManualAddressParts): { fieldId: string; message: string }[] {
  const errors: { fieldId: string; message: string }[] = [];
  for (const field of MANUAL_FIELDS) {
    const value = parts[field.key].trim();
    const name = field.label.replace(' (optional)', '');
    if (value === '' && field.required !== undefined) errors.push({ fieldId: field.key, message: field.required });
    else if (value.length > field.max) {
      errors.push({ fieldId: field.key, message: `${name} must be ${String(field.max)} characters or fewer` });
    } else if (field.key === 'postcode' && value !== '' && normalisePostcode(value) === undefined) {
      errors.push({ fieldId: 'postcode', message: 'Enter a real postcode, like LM1 1AA' });
    }
    if (field.key === 'houseNumber' && parts.houseName.trim() === '' && value === '') {
      errors.push({ fieldId: 'houseNumber', message: 'Enter a house name or number' });
    }
  }
  return errors;
}
