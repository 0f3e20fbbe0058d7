import { ApiError } from '@lender/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorEffect, applyApiErrorEffect } from './api-error-effects';
import { usePopupStore } from './popup-store';
import { useServiceStore } from './service-store';

function apiError(errorCode: number, errorMessage = 'A message from the server.'): ApiError {
  return new ApiError({ status: 400, errorCode, errorMessage, httpStatus: 200 });
}

afterEach(() => {
  usePopupStore.setState(usePopupStore.getInitialState(), true);
  useServiceStore.setState(useServiceStore.getInitialState(), true);
});

describe('apiErrorEffect', () => {
  it.each([
    [100407, { kind: 'service-unavailable' }],
    [100608, { kind: 'popup', code: 100608, message: 'A message from the server.' }],
    [100613, { kind: 'popup', code: 100613, message: 'A message from the server.' }],
    [100614, { kind: 'none' }],
    [100401, { kind: 'none' }],
    [100503, { kind: 'none' }],
  ])('code %i: %j', (code, effect) => {
    expect(apiErrorEffect(apiError(code))).toEqual(effect);
  });
});

describe('applyApiErrorEffect', () => {
  it('opens the overlay for 100407 and the popup for 100613', () => {
    applyApiErrorEffect(apiError(100407));
    expect(useServiceStore.getState().notice).toEqual({});

    applyApiErrorEffect(apiError(100613, 'You already have an account with us.'));
    expect(usePopupStore.getState().popup).toEqual({ code: 100613, message: 'You already have an account with us.' });
  });

  it('does nothing for other codes', () => {
    applyApiErrorEffect(apiError(100500));

    expect(useServiceStore.getState().notice).toBeNull();
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
