import { createExpiringStorage, createMemoryStorage } from '@lender/api-client/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { draftKeys } from '../storage-keys';
import { defineDraft, forgetJourneyDrafts } from './draft-store';

const schema = z.object({ name: z.string().default(''), pets: z.array(z.string()).default([]) });
const empty = () => ({ name: '', pets: [] });

function draftIn(storage = createExpiringStorage(), key = 'testDraft') {
  return defineDraft({ key, schema, empty, expirySeconds: 60 * 60, storage });
}

describe('a journey draft', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is empty before anything is kept, and keeps answers one change at a time', () => {
    const draft = draftIn();
    expect(draft.read()).toEqual({ name: '', pets: [] });
    draft.keep({ name: 'Sam' });
    expect(draft.keep({ pets: ['cat'] })).toEqual({ name: 'Sam', pets: ['cat'] });
    expect(draft.read()).toEqual({ name: 'Sam', pets: ['cat'] });
    draft.forget();
    expect(draft.read()).toEqual({ name: '', pets: [] });
  });

  it('is kept in local storage, so another tab of the browser finds it (a confirmation link opened by a mail app)', () => {
    draftIn().keep({ name: 'Sam' });
    expect(localStorage.getItem('testDraft')).not.toBeNull();
    expect(sessionStorage.length).toBe(0);
    // A new tab: its own session storage and its own copy of the app, the same local storage.
    sessionStorage.clear();
    expect(draftIn(createExpiringStorage()).read()).toEqual({ name: 'Sam', pets: [] });
  });

  it('expires an hour after its last change', () => {
    let now = Date.UTC(2026, 10, 26, 9, 0);
    const items = new Map<string, string>();
    const storage = createExpiringStorage({ storage: () => createMemoryStorage(items), now: () => now });
    const draft = draftIn(storage);
    draft.keep({ name: 'Sam' });
    now += 50 * 60 * 1000;
    draft.keep({ pets: ['cat'] });
    now += 50 * 60 * 1000;
    expect(draft.read()).toEqual({ name: 'Sam', pets: ['cat'] });
    now += 11 * 60 * 1000;
    expect(draft.read()).toEqual({ name: '', pets: [] });
    expect(items.has('testDraft')).toBe(false);
  });

  it('discards a damaged draft with a note, and the screen starts from the empty one', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    localStorage.setItem('testDraft', '{"name":"Sa');
    expect(draftIn().read()).toEqual({ name: '', pets: [] });
    expect(info).toHaveBeenCalledWith('The draft "testDraft" was discarded: it is not JSON.');
    expect(localStorage.getItem('testDraft')).toBeNull();
  });

  it('discards a draft of another shape (an older version, or someone else wrote the key) with a note', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    for (const written of ['{"name":42}', '{"pets":"cat"}', 'null', '[]', '"Sam"']) {
      localStorage.setItem('testDraft', written);
      expect(draftIn().read()).toEqual({ name: '', pets: [] });
      expect(localStorage.getItem('testDraft')).toBeNull();
    }
    expect(info).toHaveBeenCalledTimes(5);
    expect(info).toHaveBeenLastCalledWith('The draft "testDraft" was discarded: it does not have the shape this version keeps.');
  });

  it('reads a draft written before a field was added, with that field empty', () => {
    localStorage.setItem('testDraft', '{"name":"Sam"}');
    expect(draftIn().read()).toEqual({ name: 'Sam', pets: [] });
  });

  it('are all forgotten once the application is submitted, and nothing else is', () => {
    for (const key of Object.values(draftKeys)) draftIn(undefined, key).keep({ name: 'Sam' });
    localStorage.setItem('applyId', 'app_1');
    forgetJourneyDrafts();
    for (const key of Object.values(draftKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('applyId')).toBe('app_1');
  });
});
