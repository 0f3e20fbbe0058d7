import { api } from '../lib/api';
import type { BodyOf } from './contract';

/**
 * The contract's `auth` area: signing in, registering, the PIN and the e-mail confirmation (log-out and
 * keep-alive, which the first screen's chunk runs, are in session.ts). Nothing here is a cached read; what each
 * call changes is in changes.ts (most start a session, and so forget everything read before).
 */
export const sendMagicLink = (body: BodyOf<'/user/magicLink'>) => api.post('/user/magicLink', { body });
export const resendMagicLink = (body: BodyOf<'/user/resendMagicLink'>) => api.post('/user/resendMagicLink', { body });
export const redeemMagicLink = (body: BodyOf<'/user/redeemMagicLink'>) => api.post('/user/redeemMagicLink', { body });
export const sendSignInCode = (body: BodyOf<'/account/sendEmailVerify'>) => api.post('/account/sendEmailVerify', { body });
export const signInWithCode = (body: BodyOf<'/account/adminLogin'>) => api.post('/account/adminLogin', { body });
/** A member of staff signs in as the borrower at `body.param` (their staff token, no code). */
export const staffActAs = (staffToken: string, body: BodyOf<'/account/adminLogin'>) =>
  api.post('/account/adminLogin', { params: { header: { staffToken } }, body });
export const staffSignIn = (body: BodyOf<'/account/staffLogin'>) => api.post('/account/staffLogin', { body });
export const checkPin = (body: BodyOf<'/user/checkPinCode'>) => api.post('/user/checkPinCode', { body });
export const setPin = (body: BodyOf<'/user/setPinCode'>) => api.post('/user/setPinCode', { body });
export const confirmEmail = (body: BodyOf<'/user/emailSoftConfirmation'>) =>
  api.post('/user/emailSoftConfirmation', { body });
export const createDecisionUser = (body: BodyOf<'/user/createDecisionUser'>) =>
  api.post('/user/createDecisionUser', { body });
export const startOverApplication = () => api.post('/user/startOverApply');
export const updateApplicationEmail = (body: BodyOf<'/user/updateApplicationEmail'>) =>
  api.post('/user/updateApplicationEmail', { body });
