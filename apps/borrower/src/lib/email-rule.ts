import { requestFieldSchema } from '@lender/api-client/requests';
import type { z } from 'zod';

/**
 * An e-mail address as the BFF checks it (bff/openapi.yaml: `format: email`, at most 254 characters), with the
 * BFF's own GOV.UK message for one it refuses ("Enter an email address in the correct format, like
 * name@example.com"). A form checks the trimmed address with it after its own message for an empty field, so a
 * bad address (`jo..smith@example.com`) is told before anything is sent, in the words the BFF would answer.
 *
 * The rule is the one of verifyUserStatusByEmail, whose only value is an e-mail address; the other calls that
 * take one check it the same way (updateApplicationEmail through the lending core, in the same words).
 */
export const emailAddressRule = contractEmailRule();

function contractEmailRule(): z.ZodType<string, string> {
  const rule = requestFieldSchema('/eligibility/verifyUserStatusByEmail', 'email');
  if (rule === undefined) throw new Error('bff/openapi.yaml sends no "email" with /eligibility/verifyUserStatusByEmail');
  return rule as z.ZodType<string, string>;
}
