/** Every route of the borrower app. Screens link with these, never with string literals. */
export const paths = {
  root: '/',
  login: {
    home: '/login/home',
    /** Sign-in by e-mail (comes with the sign-in screens; 404 until then). */
    emailLogin: '/login/emailLogin',
    /** Sign-in by phone (comes with the sign-in screens; 404 until then). */
    phoneLogin: '/login/phoneLogin',
  },
  /** The sandbox mailbox, offered only when the BFF runs against the sandbox (comes later; 404 until then). */
  emailBox: '/email-box',
  notFound: '*',
} as const;
