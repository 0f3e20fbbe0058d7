import { isApiError, NETWORK_FAILURE_MESSAGE } from '@lender/api-client';
import { PageLayout } from '@lender/ui/components/page-layout';
import { AppFooter } from '../../components/app-footer';
import { SafeHtml } from '@lender/ui/components/safe-html';
import { NotFoundScreen } from '@lender/ui/screens/not-found';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { checkedText, QuestionPage, TextAnswer } from '../../components/question';
import { sandboxInfoQuery, sandboxMailbox } from '../../api/sandbox-mailbox';
import type { Message, MessageSummary, Personas } from '../../api/sandbox-mailbox';
import { useServerData } from '../../api/query-client';

function messageOf(error: unknown): string {
  return isApiError(error) && error.errorMessage !== '' ? error.errorMessage : NETWORK_FAILURE_MESSAGE;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type Gate = 'checking' | 'enabled' | 'disabled';

/** Whether the BFF runs against the sandbox; until it says so, and when it cannot say, there is no mailbox. */
function useSandboxGate(): Gate {
  const { result } = useServerData(sandboxInfoQuery);
  if (result.state === 'loading') return 'checking';
  return result.state === 'ready' && result.value.enabled ? 'enabled' : 'disabled';
}

/**
 * Links in a captured e-mail that lead into this app (a sign-in link: `<publicURL>/#/login/…`) open here, in
 * this tab, so the session they start is this tab's; SafeHtml gives every link a new tab, which suits the
 * others. A link is this app's when it has this page's origin and is a hash route at the site root. A link to
 * another origin (a BFF whose public URL is not this address) opens normally, in a new tab: following it here
 * would sign this tab in against a stack the link does not name.
 */
function useSameTabAppLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== '/' || !url.hash.startsWith('#/')) return;
    event.preventDefault();
    void navigate(url.hash.slice(1));
  };
}

function MessageView({ message }: { message: Message }) {
  const followAppLink = useSameTabAppLinks();
  return (
    <Box component="article" aria-labelledby="message-subject" sx={{ border: 1, borderColor: 'divider', p: 2, mt: 3 }}>
      <Typography id="message-subject" component="h2" variant="h5" sx={{ mb: 1 }}>
        {message.subject}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {message.kind === 'sms' ? 'Text message' : 'E-mail'} to {message.to}
        {message.from === undefined ? '' : `, from ${message.from}`}, {dateTime.format(new Date(message.createdAt))}
      </Typography>
      {/* Clicks on the links inside are handled in the capture phase, before they open a new tab. */}
      <Box onClickCapture={followAppLink}>
        {message.html === '' ? (
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.text}</Typography>
        ) : (
          <SafeHtml html={message.html} component="section" />
        )}
      </Box>
    </Box>
  );
}

/** A titled list of values the sandbox answers to (test cards, share codes), each with what it does. */
function TestValues({
  title,
  values,
  spaceAfter = false,
}: {
  title: string;
  values: Personas['testCards'];
  spaceAfter?: boolean;
}) {
  return (
    <>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mb: spaceAfter ? 3 : undefined }}>
        {values.map((item) => (
          <li key={item.value}>
            <Typography>
              <Box component="code" sx={{ fontWeight: 600 }}>
                {item.value}
              </Box>
              : {item.description}
            </Typography>
          </li>
        ))}
      </Box>
    </>
  );
}

function PersonaTables({ personas }: { personas: Personas }) {
  return (
    <Box component="section" aria-labelledby="personas-title" sx={{ mt: 6 }}>
      <Typography id="personas-title" component="h2" variant="h5" sx={{ mb: 2 }}>
        Personas and test data
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mb: 3 }}>
        {personas.personas.map((persona) => (
          <li key={persona.key}>
            <Typography>
              <strong>{persona.title}</strong>: {persona.description}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              Sign in: {persona.signIn}
            </Typography>
          </li>
        ))}
      </Box>
      <TestValues title="Test cards" values={personas.testCards} spaceAfter />
      <TestValues title="Share codes" values={personas.shareCodes} />
    </Box>
  );
}

/** At least a few characters of an address or number, as the sandbox searches them. */
const searchSchema = z.object({
  address: checkedText((text) => (text.trim().length < 3 ? 'Enter an e-mail address or a mobile number' : undefined)).transform(
    (text) => text.trim(),
  ),
});

/**
 * /email-box: the sandbox mailbox (spec §6 "Sandbox user"), only when the BFF runs against the sandbox. It
 * signs in as the sandbox user, finds the e-mails and text messages sent to an address or number, opens one
 * (its HTML sanitised by the BFF and again here), and lists the sandbox's personas, test cards and share codes.
 * The mailbox's client has no error table: its failures are said here.
 */
export function EmailBoxScreen() {
  const gate = useSandboxGate();
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<{ address: string; messages: MessageSummary[] } | null>(null);
  const [open, setOpen] = useState<Message | null>(null);
  const [personas, setPersonas] = useState<Personas | null>(null);

  useEffect(() => {
    if (gate !== 'enabled') return;
    let current = true;
    sandboxMailbox.personas().then(
      (answer) => {
        if (current) setPersonas(answer);
      },
      (error: unknown) => {
        if (current) setProblem(messageOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [gate]);

  if (gate === 'disabled') return <NotFoundScreen backTo={paths.root} />;
  if (gate === 'checking') {
    return (
      <PageLayout title="Sandbox mailbox" footer={<AppFooter />}>
        <CircularProgress aria-label="Checking the sandbox" />
      </PageLayout>
    );
  }

  async function search({ address }: { address: string }) {
    setProblem(null);
    try {
      const messages = await sandboxMailbox.search(address);
      setOpen(null);
      setResults({ address, messages });
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  function show(id: string) {
    setProblem(null);
    sandboxMailbox.message(id).then(setOpen, (error: unknown) => {
      setProblem(messageOf(error));
    });
  }

  return (
    <QuestionPage
      question="Sandbox mailbox"
      frame={PageLayout}
      backTo={paths.login.home}
      schema={searchSchema}
      defaultValues={{ address: '' }}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>
            Every e-mail and text message the sandbox would have sent. Nothing here reaches a real person.
          </Typography>
          {problem === null ? null : (
            <Typography role="alert" sx={{ color: 'error.main', fontWeight: 600, mb: 2 }}>
              {problem}
            </Typography>
          )}
        </>
      }
      submitLabel="Search"
      onSubmit={search}
      after={
        <>
          {results === null ? null : (
            <Box component="section" aria-labelledby="results-title" sx={{ mt: 3 }}>
              <Typography id="results-title" component="h2" variant="h5" sx={{ mb: 1 }}>
                Messages to {results.address}
              </Typography>
              {results.messages.length === 0 ? (
                <Typography role="status">No messages yet. Messages appear here a moment after they are sent.</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {results.messages.map((summary) => (
                    <Box component="li" key={summary.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => {
                          show(summary.id);
                        }}
                        aria-current={open?.id === summary.id ? 'true' : undefined}
                        sx={{ textAlign: 'left', fontWeight: 600, typography: 'body1' }}
                      >
                        {summary.subject}
                      </Link>
                      <Typography variant="body2">
                        {summary.kind === 'sms' ? 'Text message' : 'E-mail'}, {dateTime.format(new Date(summary.createdAt))}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          )}
          {open === null ? null : <MessageView message={open} />}
          {personas === null ? null : <PersonaTables personas={personas} />}
        </>
      }
    >
      <TextAnswer name="address" label="E-mail address or mobile number" input={{ autoComplete: 'off', spellCheck: false }} />
    </QuestionPage>
  );
}
