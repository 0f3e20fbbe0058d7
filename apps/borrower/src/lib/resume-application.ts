import { queryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { applicationInfoQuery } from '../api/application';
import { onePageInfoQuery } from '../api/one-page';
import { fetchServerData } from '../api/query-client';
import { APPLICATION } from '../api/scopes';
import { legacyResumeTarget, resumeTarget } from './resume-target';

/**
 * Where the signed-in applicant's application resumes (resume-target.ts, spec §4): the application info is read
 * (the BFF is the one source of which stages are done), and for a one-page application its journeyMap too; what
 * the cache holds fresh is not read again. Rejects when a call fails; the shared error table has then told the
 * person.
 */
export async function fetchResumeTarget(): Promise<string> {
  const info = await fetchServerData(applicationInfoQuery);
  if (!info.onePage) return resumeTarget(info);
  const journey = await fetchServerData(onePageInfoQuery);
  return resumeTarget(info, journey.journeyMap);
}

/** Where the application resumes, for a screen that shows it (stale with what it is read from). */
export const resumeTargetQuery = queryOptions({
  queryKey: [APPLICATION, 'resumeTarget'] as const,
  queryFn: () => fetchResumeTarget(),
});

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
    const info = await fetchServerData(applicationInfoQuery);
    await navigate(legacyResumeTarget(info), { replace: true });
  }, [navigate]);
}
