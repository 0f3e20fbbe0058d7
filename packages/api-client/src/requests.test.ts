import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ErrorCodes } from './generated/error-codes';
import { requestFieldSchema, requestSchemas } from './requests';
import type { RequestPath } from './requests';

/** The cases the BFF's full-stack test answers (bff/internal/app/validation_messages_test.go), from one file. */
interface RefusedValue {
  screen: string;
  path: RequestPath;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  field: string;
  message: string;
}

const { cases } = JSON.parse(
  readFileSync(new URL('../../../bff/internal/app/testdata/refused-values.json', import.meta.url), 'utf8'),
) as { cases: RefusedValue[] };

/** What the operation's schema says about `value`: the first problem's field and message, or undefined. */
function firstProblem(path: RequestPath, part: 'body' | 'query', value: unknown) {
  const schema = (requestSchemas[path] as Partial<Record<'body' | 'query', { safeParse: (v: unknown) => unknown }>>)[part];
  if (schema === undefined) throw new Error(`${path} has no ${part}`);
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  const issue = result.error?.issues[0];
  return issue === undefined ? undefined : { field: issue.path.join('.'), message: issue.message };
}

describe('the generated request schemas', () => {
  it('read the cases of the shared file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(cases.map((c) => [`${c.path} ${JSON.stringify(c.body ?? c.query)} (${c.screen})`, c] as const))(
    'refuse %s before it is sent, in the words the BFF answers',
    (_name, c) => {
      const part = c.query === undefined ? 'body' : 'query';
      expect(firstProblem(c.path, part, c.body ?? c.query)).toEqual({ field: c.field, message: c.message });
    },
  );

  it('accept what the contract accepts', () => {
    expect(firstProblem('/eligibility/verifyUserStatusByEmail', 'body', { email: 'jo.smith@example.com' })).toBeUndefined();
    expect(firstProblem('/eligibility/postCodeQuery', 'query', { postCode: 'SW1A 1AA' })).toBeUndefined();
    expect(firstProblem('/user/setPinCode', 'body', { pin: '2580', pinConfirm: '2580' })).toBeUndefined();
    expect(
      firstProblem('/onePage/user/updateRentInformation', 'body', {
        housingStatus: 'renting_private',
        monthlyCostPence: 10_000_000,
        payMethod: 'direct_debit',
      }),
    ).toBeUndefined();
  });

  it("give a value nobody types the catalogue's generic 100400", () => {
    expect(firstProblem('/user/redeemMagicLink', 'body', { token: 'short' })).toEqual({
      field: 'token',
      message: ERROR_CATALOGUE[ErrorCodes.badRequest].message,
    });
  });

  it("let a form pick one field's schema by operation and property name", () => {
    const email = requestFieldSchema('/eligibility/verifyUserStatusByEmail', 'email');
    expect(email?.safeParse('jo..smith@example.com').error?.issues[0]?.message).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
    expect(requestFieldSchema('/eligibility/postCodeQuery', 'postCode')?.safeParse('XYZ').error?.issues[0]?.message).toBe(
      'Enter a real postcode, like AB1 2CD',
    );
    expect(requestFieldSchema('/eligibility/postCodeQuery', 'nothing')).toBeUndefined();
  });
});
