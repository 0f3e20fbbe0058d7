import { expiringSessionStorage } from '@lender/api-client/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepApplicationAnswers, readApplicationDraft } from './application-draft';
import { sessionStorageKeys } from './storage-keys';

describe('application draft', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('is empty before anything is answered', () => {
    expect(readApplicationDraft()).toEqual({
      purpose: '',
      purposeText: '',
      firstName: '',
      lastName: '',
      dobDay: '',
      dobMonth: '',
      dobYear: '',
      email: '',
      income: '',
      employment: '',
    });
  });

  it('keeps answers one step at a time without losing the earlier ones', () => {
    keepApplicationAnswers({ purpose: 'car' });
    keepApplicationAnswers({ firstName: 'Sam' });
    const kept = keepApplicationAnswers({ dobDay: '7', dobMonth: '3', dobYear: '1990' });
    expect(kept).toMatchObject({ purpose: 'car', firstName: 'Sam', dobDay: '7', dobMonth: '3', dobYear: '1990' });
    expect(readApplicationDraft()).toEqual(kept);
    expect(JSON.parse(expiringSessionStorage.getItem(sessionStorageKeys.applicationDraft) ?? '')).toEqual(kept);
  });

  it('starts again from a value it did not write, and drops answers that are not text', () => {
    expiringSessionStorage.setItem(sessionStorageKeys.applicationDraft, 'not json');
    expect(readApplicationDraft().firstName).toBe('');
    expiringSessionStorage.setItem(sessionStorageKeys.applicationDraft, JSON.stringify({ firstName: 42, lastName: 'Lee' }));
    expect(readApplicationDraft()).toMatchObject({ firstName: '', lastName: 'Lee' });
    expiringSessionStorage.setItem(sessionStorageKeys.applicationDraft, 'null');
    expect(readApplicationDraft().lastName).toBe('');
  });
});
