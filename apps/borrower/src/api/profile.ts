import type { components } from '@lender/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf } from './contract';
import { APPLICATION } from './scopes';

/**
 * The contract's `profile` area: the signed-in borrower's own details, the changes to them (e-mail by a mailed
 * link, phone by a texted code, address with the cards' billing address after it, PIN), what the lender has sent
 * them, and their reminders. There is no id to name anyone else. The reads are the customer's record, cached
 * under the `application` root, which every call here that changes something marks stale (changes.ts).
 */

export type PersonalDetails = components['schemas']['PersonalDetails'];
export type CurrentAddress = components['schemas']['CurrentAddress'];
export type BillingCard = components['schemas']['BillingCard'];
export type Notification = components['schemas']['Notification'];
export type NotificationList = components['schemas']['NotificationList'];
export type CommunicationSettings = components['schemas']['CommunicationSettings'];

/** Name, date of birth, e-mail, the mobile number masked, and the current address. */
export const personalDetailsQuery = queryOptions({
  queryKey: [APPLICATION, 'profile', 'personalDetails'] as const,
  queryFn: ({ signal }) => api.get('/profile/personalDetails', { signal }),
});

/** What the lender has sent the borrower, newest first, and how many are unread. */
export const notificationsQuery = queryOptions({
  queryKey: [APPLICATION, 'profile', 'notifications'] as const,
  queryFn: ({ signal }) => api.get('/profile/notifications', { signal }),
});

/** The borrower's instalment reminders by e-mail and SMS. */
export const communicationSettingsQuery = queryOptions({
  queryKey: [APPLICATION, 'profile', 'settings'] as const,
  queryFn: ({ signal }) => api.get('/profile/settings', { signal }),
});

export const changeEmail = (body: BodyOf<'/profile/changeEmail'>) => api.post('/profile/changeEmail', { body });
export const confirmEmailChange = (body: BodyOf<'/profile/confirmEmailChange'>) =>
  api.post('/profile/confirmEmailChange', { body });
export const sendPhoneChangeCode = (body: BodyOf<'/profile/sendPhoneCode'>) => api.post('/profile/sendPhoneCode', { body });
export const changePhone = (body: BodyOf<'/profile/changePhone'>) => api.post('/profile/changePhone', { body });
export const changeAddress = (body: BodyOf<'/profile/changeAddress'>) => api.post('/profile/changeAddress', { body });
/** Makes the current address the billing address of every card the borrower keeps with us. */
export const updateBillAddress = () => api.post('/payment/updateBillAddress');
export const changePin = (body: BodyOf<'/profile/changePin'>) => api.post('/profile/changePin', { body });
export const markNotificationRead = (body: BodyOf<'/profile/markNotificationRead'>) =>
  api.post('/profile/markNotificationRead', { body });
export const updateCommunicationSettings = (body: BodyOf<'/profile/updateSettings'>) =>
  api.post('/profile/updateSettings', { body });
