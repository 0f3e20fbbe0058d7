import { describe, expect, it } from 'vitest';
import { mustChoosePin, pathAfterSignIn } from './sign-in';

describe('pathAfterSignIn', () => {
  it.each([
    { pinSet: true, pinLocked: false, staffActing: false, to: '/login/home', why: 'a PIN that works: home' },
    { pinSet: false, pinLocked: false, staffActing: false, to: '/login/setPin', why: 'no PIN yet: choose one' },
    { pinSet: true, pinLocked: true, staffActing: false, to: '/login/setPin', why: 'a locked PIN: a new one unlocks it' },
    { pinSet: true, pinLocked: true, staffActing: true, to: '/login/home', why: 'staff may not set a borrower’s PIN' },
    { pinSet: false, pinLocked: false, staffActing: true, to: '/login/home', why: 'staff, no PIN: still not theirs to set' },
  ])('$why', ({ pinSet, pinLocked, staffActing, to }) => {
    expect(pathAfterSignIn({ pinSet, pinLocked, staffActing })).toBe(to);
    expect(mustChoosePin({ pinSet, pinLocked, staffActing })).toBe(to === '/login/setPin');
  });
});
