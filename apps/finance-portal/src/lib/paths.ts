/** Every route of the finance portal. Screens link with these, never with string literals. */
export const paths = {
  root: '/',
  /** Guests only: a signed-in user is sent to the dashboard (or to where they were going). */
  login: '/login',
  /** Sign-in required, in the portal layout. */
  dashboard: '/dashboard',
  newLoan: '/new-loan',
  loan: '/loans/:loanId',
  /** The client's standalone page: no sign-in, no portal layout. */
  client: '/client/:loanId',
  notFound: '*',
} as const;

/** The query parameter of `login` that remembers where a guest was going. */
export const RETURN_TO_PARAM = 'returnTo';

