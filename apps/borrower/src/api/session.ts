import { api } from '../lib/api';

/**
 * The contract's `auth` calls that the first screen's chunk makes (lib/auth-session.ts, lib/keep-alive.ts): ending
 * the session and keeping an active one alive. Apart from auth.ts so that the first screen carries these two
 * calls only; neither is a cached read.
 */
export const endSession = () => api.post('/user/logout');
export const keepSessionAlive = () => api.post('/user/keepAlive');
