import { describe, expect, it } from 'vitest';
import { forgetShareCodeDraft, keepShareCodeDraft, normaliseShareCode, readShareCodeDraft, shareCodeError } from './share-code-draft';

describe('shareCodeError', () => {
  it.each([
    ['W12345678', undefined],
    ['w12 345 678', undefined],
    ['  W4K 7P2 Q9X\t', undefined],
    ['', 'Enter your share code'],
    ['   ', 'Enter your share code'],
    ['W12-345-678', 'Your share code must only include letters and numbers'],
    ['W1234', 'Your share code must be 9 letters and numbers, like W12 345 678'],
    ['W12 345 678 9', 'Your share code must be 9 letters and numbers, like W12 345 678'],
  ])('%j → %s', (raw, message) => {
    expect(shareCodeError(raw)).toBe(message);
  });

  it('ignores spaces and case, as GOV.UK shows the code in groups', () => {
    expect(normaliseShareCode(' w2f 8t5\nk9v ')).toBe('W2F8T5K9V');
  });
});

describe('the share-code draft', () => {
  it('keeps the code and a refusal in this browser, and forgets them once verified', () => {
    keepShareCodeDraft({ code: 'W12 345 678', refusal: 'That share code has expired.' });
    expect(readShareCodeDraft()).toEqual({ code: 'W12 345 678', refusal: 'That share code has expired.' });
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.length).toBe(0);

    forgetShareCodeDraft();
    expect(readShareCodeDraft()).toEqual({});
  });
});
