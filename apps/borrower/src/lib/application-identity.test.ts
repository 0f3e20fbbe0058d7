import { ACCESS_TOKEN_STORAGE_SECONDS } from '@lender/api-client';
import { createExpiringStorage, createMemoryStorage } from '@lender/api-client/storage';
import { describe, expect, it, vi } from 'vitest';
import { applicationPendingAt } from '../test/application-info';
import { keepApplicationInfo } from './application-identity';
import { storageKeys } from './storage-keys';
import { storedApplicantId } from './telemetry/identity';

function setUp() {
  const items = new Map<string, string>();
  const storage = createExpiringStorage({ storage: () => createMemoryStorage(items) });
  const identify = vi.fn();
  return { items, storage, identify };
}

describe('keepApplicationInfo', () => {
  it('keeps only renderData.renderApplicantId under applicationInfo, for as long as the session', () => {
    const { storage, identify } = setUp();
    const setItem = vi.spyOn(storage, 'setItem');
    keepApplicationInfo(applicationPendingAt('welcome', { renderData: { renderApplicantId: 'ra_0123456789abcdef' } }), storage, identify);

    expect(storage.getItem(storageKeys.applicationInfo)).toBe('{"renderData":{"renderApplicantId":"ra_0123456789abcdef"}}');
    expect(setItem).toHaveBeenCalledWith(storageKeys.applicationInfo, expect.any(String), ACCESS_TOKEN_STORAGE_SECONDS);
    // What analytics reads back (lib/telemetry/identity.ts) is the id kept.
    expect(storedApplicantId(storage)).toBe('ra_0123456789abcdef');
    expect(identify).toHaveBeenCalledTimes(1);
  });

  it('identifies once for each applicant id, not on every read', () => {
    const { storage, identify } = setUp();
    const alex = applicationPendingAt('welcome', { renderData: { renderApplicantId: 'ra_alex' } });
    keepApplicationInfo(alex, storage, identify);
    keepApplicationInfo(alex, storage, identify);
    keepApplicationInfo(applicationPendingAt('signature', { renderData: { renderApplicantId: 'ra_alex' } }), storage, identify);
    expect(identify).toHaveBeenCalledTimes(1);

    keepApplicationInfo(applicationPendingAt('welcome', { renderData: { renderApplicantId: 'ra_sam' } }), storage, identify);
    expect(identify).toHaveBeenCalledTimes(2);
    expect(storedApplicantId(storage)).toBe('ra_sam');
  });

  it('leaves what is kept alone when the answer carries no renderData', () => {
    const { storage, identify } = setUp();
    storage.setItem(storageKeys.applicationInfo, '{"renderData":{"renderApplicantId":"ra_alex"}}');
    keepApplicationInfo({}, storage, identify);
    expect(storedApplicantId(storage)).toBe('ra_alex');
    expect(identify).not.toHaveBeenCalled();
  });
});
