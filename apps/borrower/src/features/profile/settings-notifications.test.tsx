import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../../test/axe';
import { profileAnswers } from '../../test/profile';
import { answerCalls, bodyOf, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const SETTINGS = { emailReminders: true, smsReminders: false, reminderDaysBefore: 3 };

describe('/settings', () => {
  it('shows the reminders as they are, and saves a change with a success message', async () => {
    signIn();
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/settings': { resultData: SETTINGS },
        '/profile/updateSettings': { resultData: { emailReminders: false, smsReminders: true, reminderDaysBefore: 3 } },
      }),
    );
    renderAt('/settings');

    const group = await screen.findByRole('group', { name: 'How should we remind you?' });
    expect(screen.getByText('We can remind you 3 days before each payment is due.')).toBeInTheDocument();
    const email = within(group).getByRole('checkbox', { name: 'By email' });
    const sms = within(group).getByRole('checkbox', { name: 'By text message to your mobile' });
    expect(email).toBeChecked();
    expect(sms).not.toBeChecked();
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(email);
    await userEvent.click(sms);
    await userEvent.click(screen.getByRole('button', { name: 'Save my reminders' }));

    expect(await screen.findByText('Your reminders are saved.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/profile/updateSettings')).toEqual({ emailReminders: false, smsReminders: true });
    expect(sms).toBeChecked();
  });

  it('offers to try again when the reminders cannot be read', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/settings': () =>
          Response.json(available ? { status: 200, errorCode: 0, errorMessage: '', resultData: SETTINGS } : failure(100503, 'Try later.')),
      }),
    );
    renderAt('/settings');

    expect(await screen.findByText('We could not load your reminders.')).toBeInTheDocument();
    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'How should we remind you?' })).toBeInTheDocument();
  });
});

const MESSAGES = [
  { id: 'n3', kind: 'sms', title: 'Your payment is due soon', summary: 'A reminder that £402.12 is due on 3rd Mar 2027.', sentAt: '2027-02-28T09:00:00Z', read: false },
  { id: 'n2', kind: 'email', title: 'Your email address changed', summary: 'We told you your email address changed.', sentAt: '2027-02-10T09:00:00Z', read: false },
  { id: 'n1', kind: 'email', title: 'Your loan is paid out', summary: 'We paid your loan into your account.', sentAt: '2026-12-03T09:00:00Z', read: true },
];

describe('/notifications', () => {
  it('lists the messages newest first, marks the unread in words, and marks one read', async () => {
    signIn();
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/notifications': { resultData: { notifications: MESSAGES, unread: 2 } },
        '/profile/markNotificationRead': { resultData: { ...MESSAGES[0], read: true } },
      }),
    );
    renderAt('/notifications');

    expect(await screen.findByText('You have 2 unread messages.')).toHaveAttribute('role', 'status');
    const [newest, , oldest] = within(screen.getByRole('main')).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'UnreadYour payment is due soon',
      'UnreadYour email address changed',
      'Your loan is paid out',
    ]);
    expect(newest).toHaveTextContent('Text message, sent 28th Feb 2027');
    expect(within(oldest).queryByRole('button')).toBeNull();
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(within(newest).getByRole('button', { name: /^Mark as read.*Your payment is due soon$/ }));

    expect(await screen.findByText('You have 1 unread message.')).toBeInTheDocument();
    expect(within(newest).queryByText('Unread')).toBeNull();
    expect(await bodyOf(fetchMock, '/profile/markNotificationRead')).toEqual({ id: 'n3' });
  });

  it('says when there are no messages', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers({ '/profile/notifications': { resultData: { notifications: [], unread: 0 } } }));
    renderAt('/notifications');

    expect(await screen.findByText('We have not sent you any messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your messages' })).toBeInTheDocument();
  });
});
