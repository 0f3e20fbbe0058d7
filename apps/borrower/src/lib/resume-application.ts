import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import { legacyResumeTarget, resumeTarget } from './resume-target';

/**
 * Where the signed-in applicant's application resumes (resume-target.ts, spec §4): the application info is read
 * (the BFF is the one source of which stages are done), and for a one-page application its journeyMap too.
 * Rejects when a call fails; the shared error table has then told the person.
 */
export async function fetchResumeTarget(signal?: AbortSignal): Promise<string> {
  const info = await api.get('/accountApplication/getApplicationInfo', { signal });
  if (!info.onePage) return resumeTarget(info);
  const journey = await api.get('/onePage/application/getOnePageApplicationInfo', { signal });
  return resumeTarget(info, journey.journeyMap);
}

/**
 * Moves the signed-in applicant on to where their application resumes. The screen that finished is replaced in
 * the history, so Back does not return to a done step. Rejects when the application could not be read (the
 * person has been told), so the caller can let them try again.
 */
export function useResumeApplication(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const target = await fetchResumeTarget();
    await navigate(target, { replace: true });
  }, [navigate]);
}

/**
 * Moves an approved applicant on to their next stage after approval. Those stages are the legacy ones for every
 * application (spec §4 "Once approved"), one-page or not, so the legacy rules name the screen; otherwise as
 * useResumeApplication.
 */
export function useContinueAfterApproval(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const info = await api.get('/accountApplication/getApplicationInfo');
    await navigate(legacyResumeTarget(info), { replace: true });
  }, [navigate]);
}
