import { createExpiringStorage, createMemoryStorage } from '@lender/api-client/storage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distinctIdFor, environmentLabel, storedApplicantId } from './identity';

function storageWith(applicationInfo?: string) {
  const items = new Map<string, string>();
  if (applicationInfo !== undefined) items.set('applicationInfo', applicationInfo);
  return createExpiringStorage({ storage: () => createMemoryStorage(items) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('environmentLabel', () => {
  it('is production only on the configured production host', () => {
    expect(environmentLabel('apply.lender.example', 'apply.lender.example')).toBe('production');
    expect(environmentLabel('qa.lender.example', 'apply.lender.example')).toBe('qa');
    expect(environmentLabel('localhost', '')).toBe('qa');
    expect(environmentLabel('', '')).toBe('qa');
  });
});

describe('distinctIdFor', () => {
  it('is the fixed prefix, the environment label and the applicant id', () => {
    expect(distinctIdFor('production', 'A-17')).toBe('lender-production-A-17');
    expect(distinctIdFor('qa', '42')).toBe('lender-qa-42');
  });
});

describe('storedApplicantId', () => {
  it('reads applicationInfo.renderData.renderApplicantId, a string or a number', () => {
    expect(storedApplicantId(storageWith(JSON.stringify({ renderData: { renderApplicantId: 'A-17' } })))).toBe('A-17');
    expect(storedApplicantId(storageWith(JSON.stringify({ renderData: { renderApplicantId: 9001 } })))).toBe('9001');
  });

  it('is silent when nothing is stored: nobody has signed in yet', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    expect(storedApplicantId(storageWith())).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('only logs to the console when the stored info cannot be parsed, without logging the value', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(storedApplicantId(storageWith('{"renderData":{"renderApplicantId":"A-17"'))).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('could not be parsed');
    expect(JSON.stringify(error.mock.calls)).not.toContain('A-17');
  });

  it('only warns on the console when the stored info has no applicant id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const info of ['{}', 'null', '{"renderData":{}}', '{"renderData":{"renderApplicantId":""}}']) {
      expect(storedApplicantId(storageWith(info))).toBeUndefined();
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[0]?.[0])).toContain('no renderApplicantId');
  });
});
