/** Every route of the finance portal. Screens link with these, never with string literals. */
export const paths = {
  root: '/',
  login: '/login',
  notFound: '*',
} as const;
