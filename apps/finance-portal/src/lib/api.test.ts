import { ACCESS_TOKEN_KEY, RENEWED_TOKEN_HEADER } from '@lender/api-client';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { PORTAL_ACCESS_TOKEN_KEY } from './portal-session';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const hourAhead = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function sentRequest(): Request {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!request) throw new Error('no request was sent');
  return request;
}

describe('the portal’s API client', () => {
  it('sends the portal session token as its accessToken header, not the borrower app’s', async () => {
    const portalToken = unsignedToken({ aud: 'portal', exp: hourAhead() });
    localStorage.setItem(PORTAL_ACCESS_TOKEN_KEY, portalToken);
    localStorage.setItem(ACCESS_TOKEN_KEY, unsignedToken({ aud: 'borrower', exp: hourAhead() }));
    fetchMock.mockImplementation(() => Promise.resolve(envelopeResponse()));

    await api.get('/eligibility/getRebrandParams');

    expect(sentRequest().headers.get('accessToken')).toBe(portalToken);
    expect(sentRequest().headers.get('platform')).toBe('web');
  });

  it('sends an empty accessToken header when nobody is signed in to the portal', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, unsignedToken({ aud: 'borrower', exp: hourAhead() }));
    fetchMock.mockImplementation(() => Promise.resolve(envelopeResponse()));

    await api.get('/eligibility/getRebrandParams');

    expect(sentRequest().headers.get('accessToken')).toBe('');
  });

  it('keeps a token the BFF renews as the portal’s, leaving the borrower’s session alone', async () => {
    const borrowerToken = unsignedToken({ aud: 'borrower', exp: hourAhead() });
    const renewed = unsignedToken({ aud: 'portal', exp: hourAhead() + 600 });
    localStorage.setItem(PORTAL_ACCESS_TOKEN_KEY, unsignedToken({ aud: 'portal', exp: hourAhead() }));
    localStorage.setItem(ACCESS_TOKEN_KEY, borrowerToken);
    fetchMock.mockImplementation(() => {
      const response = envelopeResponse();
      response.headers.set(RENEWED_TOKEN_HEADER, renewed);
      return Promise.resolve(response);
    });

    await api.get('/eligibility/getRebrandParams');

    expect(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY)).toContain(renewed);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(borrowerToken);
  });
});
