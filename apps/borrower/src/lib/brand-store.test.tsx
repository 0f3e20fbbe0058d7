import { envelopeResponse } from '@lender/api-client/testing';
import { harbourCredit, meadowLoans } from '@lender/ui/brands';
import { brandConfigOf } from '@lender/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSignIn } from './auth-session';
import { applicationPendingAt } from '../test/application-info';
import { answerCalls, loginResult, setUpSignInTests } from '../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

/** getRebrandParams as the BFF answers it: the white label when asked for it, else the default brand. */
function rebrandParams(request: Request): Response {
  const asked = new URL(request.url).searchParams.get('clientName');
  return envelopeResponse({ resultData: brandConfigOf(asked === 'harbour' ? harbourCredit : meadowLoans) });
}

describe('the brand follows the application owner (spec §4)', () => {
  it('switches a default-brand applicant to the white label once the application info names it the owner', async () => {
    saveSignIn(loginResult({ applyId: 'app_1', hasLoan: false }));
    answerCalls(fetchMock, {
      '/eligibility/getRebrandParams': rebrandParams,
      '/accountApplication/getApplicationInfo': { resultData: applicationPendingAt('welcome', { applicationOwner: 'harbour' }) },
    });
    renderAt('/start_b');

    await waitFor(() => {
      expect(screen.getByRole('banner')).toHaveTextContent(harbourCredit.displayName);
    });
    expect(localStorage.getItem('whiteLabel')).toContain('harbour');
    expect(document.title).toContain(harbourCredit.displayName);
  });

  it('leaves the brand as it is for an application the default brand owns', async () => {
    saveSignIn(loginResult({ applyId: 'app_1', hasLoan: false }));
    answerCalls(fetchMock, {
      '/eligibility/getRebrandParams': rebrandParams,
      '/accountApplication/getApplicationInfo': { resultData: applicationPendingAt('welcome') },
    });
    renderAt('/start_b');

    await screen.findByRole('heading', { level: 1, name: 'Your application' });
    await waitFor(() => {
      expect(screen.getByRole('banner')).toHaveTextContent(meadowLoans.displayName);
    });
    expect(localStorage.getItem('whiteLabel')).toBeNull();
  });
});
