import { visuallyHidden } from '@lender/ui/visually-hidden';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { personalDetailsQuery } from '../../api/profile';
import type { PersonalDetails } from '../../api/profile';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { ContactUsLink } from '../../components/loan-screen';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { paths } from '../../lib/paths';
import { useStaffMode } from '../../lib/staff-mode';

/** The pieces every profile screen shares: the details read, staff mode's read-only pages, and what changed. */

/** Whether staff are acting for the borrower: the changes of e-mail, phone, address and PIN are then not offered. */
export function useStaffActing(): boolean {
  return useStaffMode((state) => state.acting);
}

export const STAFF_CANNOT_CHANGE =
  'Staff acting for a borrower cannot change their email address, mobile number, address or PIN. The borrower can change these themselves.';

/**
 * A screen that changes the borrower's e-mail, phone, address or PIN: as it is for the borrower, and in staff mode
 * a page saying staff cannot make the change, with the way back to the details.
 */
export function ChangeScreen({ title, children }: { title: string; children: ReactNode }) {
  if (!useStaffActing()) return children;
  return (
    <SignInPage title={title} backTo={paths.profile.personalDetails}>
      <Typography sx={{ mb: 3 }}>{STAFF_CANNOT_CHANGE}</Typography>
      <Link component={RouterLink} to={paths.profile.personalDetails}>
        Back to the personal details
      </Link>
    </SignInPage>
  );
}

/** A profile page showing the borrower's details as we hold them: loading, failed with Try again, or shown. */
export function DetailsPage({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: (details: PersonalDetails) => ReactNode;
}) {
  const { result, retry } = useServerData(personalDetailsQuery);
  return (
    <SignInPage title={title} backTo={backTo}>
      <LoadView load={result} retry={retry} loadingLabel="Loading your details" failedMessage="We could not load your details.">
        {children}
      </LoadView>
      <ContactUsLink />
    </SignInPage>
  );
}

/** A GOV.UK success banner, announced as it appears. */
export function SuccessBanner({ children }: { children: ReactNode }) {
  return (
    <Box role="status">
      <NoticeBanner title="Success">{children}</NoticeBanner>
    </Box>
  );
}

/** What a change hands the page it returns to, in the location's state (never the URL). */
export type Changed = 'email' | 'phone' | 'pin';

const CHANGED_WORDS: Readonly<Record<Changed, string>> = {
  email: 'Your email address is changed. We have told your old address too.',
  phone: 'Your mobile number is changed.',
  pin: 'Your PIN is changed. Use your new PIN next time you log in.',
};

/** The words for what changed, from the location's state, or undefined when nothing did. */
export function changedWords(state: unknown): string | undefined {
  const changed = typeof state === 'object' && state !== null ? (state as { changed?: unknown }).changed : undefined;
  return typeof changed === 'string' && changed in CHANGED_WORDS ? CHANGED_WORDS[changed as Changed] : undefined;
}

/** "Change", with what it changes said to screen readers (GOV.UK summary list). */
export function ChangeLink({ to, what }: { to: string; what: string }) {
  return (
    <Link component={RouterLink} to={to}>
      Change
      <Box component="span" sx={visuallyHidden}>
        {` ${what}`}
      </Box>
    </Link>
  );
}

/**
 * What a later step hands back to the page where an answer was typed when the BFF refused it, in the location's
 * state (never the URL): the message by the field it is about, shown as the page opens.
 */
export function refusalsOf(state: unknown): Record<string, string> | undefined {
  const refused = typeof state === 'object' && state !== null ? (state as { refused?: unknown }).refused : undefined;
  if (typeof refused !== 'object' || refused === null) return undefined;
  const messages = Object.entries(refused).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return messages.length === 0 ? undefined : Object.fromEntries(messages);
}
