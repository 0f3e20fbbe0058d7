import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import type { z } from 'zod';
import { draftKeys } from '../storage-keys';

/**
 * One way to keep what a person has typed but not yet sent (a journey's draft): JSON under one key of the
 * expiring LOCAL storage (spec §9), so it survives a refresh and a new tab of the same browser (a confirmation
 * link a mail app opens in a new tab finds the answers given before it), until its expiry, the log-out (which
 * clears local storage) or the submission of the application (forgetJourneyDrafts). The values a journey keeps
 * for one tab (the eligibility answer, the steps visited, where a sign-in code went) are kept the same way in
 * the expiring session storage (`storage`).
 *
 * Every read checks the draft against its zod schema: a draft that is not JSON, or no longer has the shape
 * the app expects (written by an older version, or damaged), is discarded with a `console.info` note and the
 * screen starts from the empty draft, never from something it cannot read.
 */
export interface Draft<T> {
  /** The kept answers, or the empty draft. */
  read(): T;
  /** Keeps some answers, leaving the others as they were; returns the whole draft as now kept. */
  keep(change: Partial<T>): T;
  /** Keeps exactly `value`. */
  replace(value: T): void;
  forget(): void;
}

export interface DraftOptions<S extends z.ZodType> {
  /** The storage key (lib/storage-keys.ts `draftKeys`). */
  key: string;
  schema: S;
  /** The draft before anything is answered. */
  empty: () => z.output<S>;
  /** How long a draft is kept after its last change. */
  expirySeconds: number;
  storage?: ExpiringStorage;
}

export function defineDraft<S extends z.ZodType>({
  key,
  schema,
  empty,
  expirySeconds,
  storage = expiringLocalStorage,
}: DraftOptions<S>): Draft<z.output<S>> {
  type T = z.output<S>;
  function discard(why: string): T {
    // A note, not a warning: an expired version's draft or a hand-edited key is no fault of the app.
    // eslint-disable-next-line no-console -- the one place drafts are discarded says so once
    console.info(`The draft "${key}" was discarded: ${why}.`);
    storage.removeItem(key);
    return empty();
  }
  function read(): T {
    const raw = storage.getItem(key);
    if (raw === null) return empty();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return discard('it is not JSON');
    }
    const checked = schema.safeParse(parsed);
    return checked.success ? checked.data : discard('it does not have the shape this version keeps');
  }
  function replace(value: T): void {
    storage.setItem(key, JSON.stringify(value), expirySeconds);
  }
  return {
    read,
    keep(change) {
      const value = { ...(read() as object), ...change } as T;
      replace(value);
      return value;
    },
    replace,
    forget() {
      storage.removeItem(key);
    },
  };
}

/**
 * How long a journey's draft lasts after its last change: a day, so an applicant who stops to find a payslip,
 * or waits for the confirmation e-mail, comes back to their answers in the same browser.
 */
export const JOURNEY_DRAFT_SECONDS = 24 * 60 * 60;

/**
 * Forgets every journey draft (`draftKeys`): once the application is submitted they have served, and another
 * application in this browser must not start from them. The log-out clears them with the rest of local storage.
 */
export function forgetJourneyDrafts(storage: ExpiringStorage = expiringLocalStorage): void {
  for (const key of Object.values(draftKeys)) storage.removeItem(key);
}
