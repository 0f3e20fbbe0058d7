import type { components } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { storageKeys } from '../../lib/storage-keys';
import { applicationPendingAt, onePageInfo } from '../../test/application-info';
import { heading, summaryMessages } from '../../test/screen-queries';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

type SignedInUser = components['schemas']['SignedInUser'];

const UPDATE = '/user/updateApplicationEmail';
const MISTYPED = 'robin@exmaple.com';
const RIGHT = 'robin@example.com';

/** The signed-in user as the BFF answers it after the change. */
function user(email: string): SignedInUser {
  return {
    uuid: 'cus_1',
    email,
    firstName: 'Robin',
    lastName: 'Applicant',
    applyId: 'app_1',
    abChoice: { welcome: 'a', emailConf: 'a' },
    regStage: 'emailConf',
    interestRate: '19.9',
    loanAmountPence: 500_000,
    loanTermMonths: 24,
    onePage: false,
    pinSet: false,
    hasLoan: false,
    pinLocked: false,
    staffActing: false,
  };
}

beforeEach(() => {
  signIn();
  expiringLocalStorage.setItem(storageKeys.email, MISTYPED);
});

function emailField() {
  return screen.getByRole('textbox', { name: 'Email address' });
}

function sendButton() {
  return screen.getByRole('button', { name: 'Send a new link' });
}

describe('/email_update', () => {
  it('is reached from email_verify_again, checks the address, and goes back there saying a new link went to it', async () => {
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': { resultData: applicationPendingAt('emailConf') },
      [UPDATE]: { resultData: user(RIGHT) },
    });
    const router = renderAt('/email_verify_again');
    await heading('Confirm your e-mail address');
    await userEvent.click(screen.getByRole('link', { name: 'Change your email address' }));

    await heading('Change your email address');
    expect(router.state.location.pathname).toBe(paths.legacy.emailUpdate);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', paths.legacy.emailVerifyAgain);
    const field = emailField();
    expect(field).toHaveValue(MISTYPED);
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toHaveAttribute('inputmode', 'email');
    expect(field).toHaveAttribute('spellcheck', 'false');

    await userEvent.clear(field);
    await userEvent.click(sendButton());
    expect(summaryMessages()).toEqual(['Enter your new email address']);
    expect(field).toHaveAccessibleDescription('Error: Enter your new email address');
    await userEvent.type(field, 'robin at example.com');
    await userEvent.click(sendButton());
    expect(summaryMessages()).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(callsTo(fetchMock, UPDATE)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, ` ${RIGHT} `);
    await userEvent.click(sendButton());
    await heading('Confirm your e-mail address');
    expect(router.state.location.pathname).toBe(paths.legacy.emailVerifyAgain);
    expect(await bodyOf(fetchMock, UPDATE)).toEqual({ email: RIGHT });
    expect(screen.getByRole('region', { name: 'Email address changed' })).toHaveTextContent(`We have sent a new link to ${RIGHT}`);
    expect(expiringLocalStorage.getItem(storageKeys.email)).toBe(RIGHT);

    // Back to the form later: it starts from the address now on record, nothing typed before it.
    await userEvent.click(screen.getByRole('link', { name: 'Change your email address' }));
    await heading('Change your email address');
    expect(emailField()).toHaveValue(RIGHT);
  });

  it('refuses an address the BFF would refuse, in its words, before anything is sent', async () => {
    answerCalls(fetchMock, {});
    renderAt(`${paths.legacy.emailUpdate}?from=${encodeURIComponent(paths.legacy.emailVerifyAgain)}`);
    await heading('Change your email address');
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), 'jo..smith@example.com');
    await userEvent.click(sendButton());
    expect(summaryMessages()).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(emailField()).toHaveAccessibleDescription('Error: Enter an email address in the correct format, like name@example.com');
    expect(callsTo(fetchMock, UPDATE)).toHaveLength(0);
  });

  it("shows the BFF's reason by the field, without a toast, keeping what was typed", async () => {
    const taken = 'This email address belongs to another account. Enter a different email address, or sign in to that account instead.';
    answerCalls(fetchMock, { [UPDATE]: failure(100400, taken) });
    renderAt(`${paths.legacy.emailUpdate}?from=${encodeURIComponent(paths.legacy.emailVerifyAgain)}`);
    await heading('Change your email address');

    await userEvent.clear(emailField());
    await userEvent.type(emailField(), 'someone@example.com');
    await userEvent.click(sendButton());
    await waitFor(() => {
      expect(summaryMessages()).toEqual([taken]);
    });
    expect(emailField()).toHaveAccessibleDescription(`Error: ${taken}`);
    expect(emailField()).toHaveValue('someone@example.com');
    // The only alert saying it is the error summary: the error table showed no toast for it.
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent.includes(taken))).toHaveLength(1);
    expect(sendButton()).toBeEnabled();
  });

  it('keeps what was typed across a failed call and a refresh', async () => {
    const answer: Answer = () => Promise.reject(new TypeError('Failed to fetch'));
    answerCalls(fetchMock, { [UPDATE]: answer });
    const path = `${paths.legacy.emailUpdate}?from=${encodeURIComponent(paths.legacy.emailVerifyAgain)}`;
    renderAt(path);
    await heading('Change your email address');
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), 'robin@example.co');
    await userEvent.click(sendButton());
    await waitFor(() => {
      expect(callsTo(fetchMock, UPDATE)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(sendButton()).toBeEnabled();
    });
    expect(emailField()).toHaveValue('robin@example.co');

    cleanup();
    renderAt(path);
    await heading('Change your email address');
    expect(emailField()).toHaveValue('robin@example.co');
  });

  it('goes back to the one-page e-mail step, which shows the new address', async () => {
    const journey = onePageInfo((info) => {
      info.journeyMap.aboutYou.emailVerification = false;
      info.email = RIGHT;
    });
    answerCalls(fetchMock, {
      '/onePage/application/getOnePageApplicationInfo': { resultData: journey },
      [UPDATE]: { resultData: { ...user(RIGHT), onePage: true } },
    });
    const router = renderAt(`${paths.legacy.emailUpdate}?from=${encodeURIComponent(paths.onePage.confirmEmail)}`);
    await heading('Change your email address');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', paths.onePage.confirmEmail);
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), RIGHT);
    await userEvent.click(sendButton());

    await heading('Confirm your e-mail address');
    expect(router.state.location.pathname).toBe(paths.onePage.confirmEmail);
    expect(screen.getByRole('region', { name: 'Email address changed' })).toHaveTextContent(`We have sent a new link to ${RIGHT}`);
  });

  it('goes back to email_verify_soft (the choice b stage), which says a new link went to the new address', async () => {
    answerCalls(fetchMock, { [UPDATE]: { resultData: user(RIGHT) } });
    const router = renderAt(paths.emailVerifySoft);
    await heading('Confirm your e-mail address');
    await userEvent.click(screen.getByRole('link', { name: 'Change your email address' }));
    await heading('Change your email address');
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), RIGHT);
    await userEvent.click(sendButton());

    await heading('Confirm your e-mail address');
    expect(router.state.location.pathname).toBe(paths.emailVerifySoft);
    expect(screen.getByRole('region', { name: 'Email address changed' })).toHaveTextContent(`We have sent a new link to ${RIGHT}`);
  });

  it('ignores a `from` that is not an e-mail confirmation screen, and goes where the application resumes', async () => {
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': { resultData: applicationPendingAt('emailConf') },
      [UPDATE]: { resultData: user(RIGHT) },
    });
    const router = renderAt(`${paths.legacy.emailUpdate}?from=${encodeURIComponent('https://elsewhere.example/')}`);
    await heading('Change your email address');
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    await userEvent.clear(emailField());
    await userEvent.type(emailField(), RIGHT);
    await userEvent.click(sendButton());
    await heading('Confirm your e-mail address');
    expect(router.state.location.pathname).toBe(paths.legacy.emailVerifyAgain);
  });
});
