import { useState } from 'react';
import { checkPin } from '../../api/auth';
import type { BodyOf } from '../../api/contract';
import { useFinishSignIn } from '../../lib/sign-in';

/**
 * Signs in with a PIN (user/checkPinCode). Once the PIN is taken, `finishing` keeps the page's button busy while
 * the new session's first screen is found; a refusal is thrown for the page to say.
 */
export function usePinSignIn(): { finishing: boolean; signIn: (body: BodyOf<'/user/checkPinCode'>) => Promise<void> } {
  const finishSignIn = useFinishSignIn();
  const [finishing, setFinishing] = useState(false);
  async function signIn(body: BodyOf<'/user/checkPinCode'>) {
    const result = await checkPin(body);
    setFinishing(true);
    finishSignIn(result);
  }
  return { finishing, signIn };
}
