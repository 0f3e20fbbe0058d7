import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import { keepShareCodeDraft, readShareCodeDraft } from './share-code-draft';

const { fetchMock, renderAt } = setUpSignInTests();

const VERIFY = '/application/render/verifyShareCode';

async function waitForPath(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(path);
  });
}

describe('the share-code screens', () => {
  it('explains share codes and links to GOV.UK in a new tab', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/idv/share_code');

    expect(await screen.findByRole('heading', { level: 1, name: 'Prove your identity with a share code' })).toBeInTheDocument();
    const govUk = screen.getByRole('link', { name: /Prove your right to work on GOV\.UK/ });
    expect(govUk).toHaveAttribute('target', '_blank');
    expect(govUk).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(screen.getByRole('button', { name: 'I have a share code' }));
    await waitForPath(router, '/idv/share_code_submit');
  });

  it('validates the code on submit without sending it', async () => {
    signIn();
    answerCalls(fetchMock, {});
    renderAt('/idv/share_code_submit');

    await userEvent.click(await screen.findByRole('button', { name: 'Check my share code' }));
    expect(await screen.findByRole('link', { name: 'Enter your share code' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Share code'), 'W12 345');
    await userEvent.click(screen.getByRole('button', { name: 'Check my share code' }));
    expect(await screen.findByRole('link', { name: /must be 9 letters and numbers/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Share code')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);
  });

  it('checks a pasted code and, once verified, goes on to where the application now stands', async () => {
    signIn();
    answerCalls(fetchMock, {
      [VERIFY]: { resultData: {} },
    });
    const router = renderAt('/idv/share_code_submit');

    await userEvent.click(await screen.findByLabelText('Share code'));
    await userEvent.paste('w2f 8t5 k9v');
    await userEvent.click(screen.getByRole('button', { name: 'Check my share code' }));
    await waitForPath(router, '/idv/share_code_complete');
    expect(await bodyOf(fetchMock, VERIFY)).toEqual({ shareCode: 'W2F8T5K9V' });
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(1);
    expect(readShareCodeDraft()).toEqual({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Your identity is confirmed' })).toBeInTheDocument();
  });

  it('brings a refused code back to the field with the reason, keeping what was typed', async () => {
    signIn();
    const reason = 'That share code belongs to someone with a different date of birth from the one on your application.';
    answerCalls(fetchMock, { [VERIFY]: failure(100400, reason) });
    keepShareCodeDraft({ code: 'W12 345 678' });
    const router = renderAt('/idv/post_idv_sc');

    await waitForPath(router, '/idv/share_code_submit');
    expect(await screen.findByRole('link', { name: reason })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    expect(screen.getByLabelText('Share code')).toHaveAccessibleDescription(
      `9 letters and numbers, like W12 345 678. You can paste it from GOV.UK. Error: ${reason}`,
    );
    expect(screen.getByLabelText('Share code')).toHaveValue('W12 345 678');
    expect(readShareCodeDraft()).toEqual({ code: 'W12 345 678', refusal: reason });
  });

  it('sends the checking screen with no code back to the question', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/idv/post_idv_sc');

    await waitForPath(router, '/idv/share_code_submit');
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);
  });
});
