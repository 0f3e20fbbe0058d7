import { api } from './api';

/**
 * The contract's `portal` area: the finance portal's sign-in, sign-out and signed-in user. Screens and loaders
 * call these, never the client inline.
 */
export const signInToPortal = (body: { email: string; password: string }) => api.post('/portal/login', { body });
/** Ends the portal session server-side (its token is refused from then on). */
export const signOutOfPortal = () => api.post('/portal/logout');
/** The signed-in portal user: name, role and firm. */
export const fetchPortalUser = () => api.get('/portal/me');

export type PortalUser = Awaited<ReturnType<typeof fetchPortalUser>>;
