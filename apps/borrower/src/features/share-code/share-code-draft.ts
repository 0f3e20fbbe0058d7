import { z } from 'zod';
import { defineDraft } from '../../lib/drafts/draft-store';
import { draftKeys } from '../../lib/storage-keys';

/**
 * The share code being checked, kept in this browser an hour (lib/drafts), so a refresh or a failed call
 * loses nothing; never in the URL (DESIGN §10). `refusal` is the BFF's reason a code was refused, which the
 * submit screen shows by the field when the checking screen sends the applicant back. Forgotten once verified.
 */
export interface ShareCodeDraft {
  code?: string;
  refusal?: string;
}

const draft = defineDraft({
  key: draftKeys.shareCode,
  schema: z.object({ code: z.string().optional(), refusal: z.string().optional() }),
  empty: (): ShareCodeDraft => ({}),
  expirySeconds: 60 * 60,
});

export function readShareCodeDraft(): ShareCodeDraft {
  return draft.read();
}

export function keepShareCodeDraft(value: ShareCodeDraft): void {
  draft.replace(value);
}

export function forgetShareCodeDraft(): void {
  draft.forget();
}

/** The code without its spaces, in capitals: what GOV.UK shows as `W12 345 678` is `W12345678`. */
export function normaliseShareCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** The message for a code that cannot be one, before anything is sent; undefined for a well-formed code. */
export function shareCodeError(raw: string): string | undefined {
  const code = normaliseShareCode(raw);
  if (code === '') return 'Enter your share code';
  if (!/^[A-Z0-9]+$/.test(code)) return 'Your share code must only include letters and numbers';
  if (code.length !== 9) return 'Your share code must be 9 letters and numbers, like W12 345 678';
  return undefined;
}
