/** Every route of the borrower app. Screens link with these, never with string literals. */
export const paths = {
  root: '/',
  login: {
    home: '/login/home',
  },
  notFound: '*',
} as const;
