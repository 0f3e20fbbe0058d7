import { describe, expect, it } from 'vitest';
import { popupContent } from './popup-content';

describe('popupContent', () => {
  it.each([
    [
      100608,
      { title: 'Email verification failed', description: 'The link has expired.', buttonLabel: 'Close', action: 'close' },
    ],
    [
      100613,
      {
        title: 'You are already a Meadow Loans customer',
        description: 'The link has expired.',
        buttonLabel: 'Close',
        action: 'close',
      },
    ],
    [
      100614,
      {
        title: 'This email is already registered',
        description: 'Please login to your existing account',
        buttonLabel: 'Log in',
        action: 'log-in',
      },
    ],
    [
      0,
      {
        title: 'This email is already registered',
        description: 'Please login to your existing account',
        buttonLabel: 'Log in',
        action: 'log-in',
      },
    ],
  ])('code %i', (code, content) => {
    expect(popupContent(code, 'The link has expired.', 'Meadow Loans')).toEqual(content);
  });

  it('names the brand the person is a customer of', () => {
    expect(popupContent(100613, '', 'Harbour Credit').title).toBe('You are already a Harbour Credit customer');
  });
});
