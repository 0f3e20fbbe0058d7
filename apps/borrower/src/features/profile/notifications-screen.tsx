import { formatDate } from '@lender/ui/format';
import { visuallyHidden } from '@lender/ui/visually-hidden';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { markNotificationRead, notificationsQuery } from '../../api/profile';
import type { Notification } from '../../api/profile';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { ContactUsLink } from '../../components/loan-screen';
import { SignInPage } from '../../components/sign-in-page';
import { paths } from '../../lib/paths';

const KIND_WORDS: Readonly<Record<Notification['kind'], string>> = { email: 'Email', sms: 'Text message' };

/**
 * /notifications: what the lender has sent the borrower by e-mail and text, newest first as the BFF lists them,
 * each unread one marked (in words, so screen readers say it too) with a way to mark it read
 * (profile/markNotificationRead); how many are unread, said again as that changes. No message's body is ever
 * shown (the BFF sends none: links and codes are in bodies).
 */
export function NotificationsScreen() {
  const { result, retry } = useServerData(notificationsQuery);
  return (
    <SignInPage title="Your messages" backTo={paths.loanAccount.userMenu}>
      <LoadView load={result} retry={retry} loadingLabel="Loading your messages" failedMessage="We could not load your messages.">
        {({ notifications }) => <Messages notifications={notifications} />}
      </LoadView>
      <ContactUsLink />
    </SignInPage>
  );
}

function Messages({ notifications }: { notifications: readonly Notification[] }) {
  // The ones marked read here: the list is read again only at its next need.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = useState<string | null>(null);
  if (notifications.length === 0) {
    return <Typography sx={{ mb: 3 }}>We have not sent you any messages yet.</Typography>;
  }
  const isRead = (notification: Notification) => notification.read || readHere.has(notification.id);
  const unread = notifications.filter((notification) => !isRead(notification)).length;

  function markRead(id: string) {
    setMarking(id);
    markNotificationRead({ id }).then(
      () => {
        setMarking(null);
        setReadHere((before) => new Set([...before, id]));
      },
      () => {
        setMarking(null);
      },
    );
  }

  return (
    <>
      <Typography role="status" sx={{ mb: 2 }}>
        {unread === 0 ? 'You have no unread messages.' : `You have ${String(unread)} unread ${unread === 1 ? 'message' : 'messages'}.`}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 3 }}>
        {notifications.map((notification) => {
          const read = isRead(notification);
          return (
            <Box
              component="li"
              key={notification.id}
              sx={{ py: 2, borderBottom: 1, borderColor: 'divider', ...(read ? {} : { borderLeft: 4, borderLeftColor: 'primary.main', pl: 2 }) }}
            >
              <Typography component="h2" variant="h6" sx={{ fontWeight: read ? 400 : 700 }}>
                {read ? null : (
                  <Box component="span" sx={{ mr: 1, px: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.8em' }}>
                    Unread
                  </Box>
                )}
                {notification.title}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>
                {KIND_WORDS[notification.kind]}, sent {formatDate(notification.sentAt.slice(0, 10))}
              </Typography>
              <Typography sx={{ mt: 1 }}>{notification.summary}</Typography>
              {read ? null : (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={marking === notification.id}
                  onClick={() => {
                    markRead(notification.id);
                  }}
                  sx={{ mt: 1 }}
                >
                  Mark as read
                  <Box component="span" sx={visuallyHidden}>
                    {`: ${notification.title}`}
                  </Box>
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </>
  );
}
