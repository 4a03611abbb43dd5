import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { teamQueryRoot } from '../access';
import { userQueryKey } from '../session';
import type { UploadOutcome } from './upload';
import type { SendFailure } from './use-send-message';

/** What an upload's refusal means for the page, as a send's would. */
export function uploadFailureOf(refusal: Extract<UploadOutcome, { ok: false }>): SendFailure {
  if (refusal.code === 'TEAM_SUSPENDED') return { kind: 'team-suspended', teamName: refusal.teamName ?? '' };
  if (refusal.code === 'SUBSCRIPTION_REQUIRED') return { kind: 'subscription-required' };
  return { kind: 'other' };
}

/**
 * The server refused the writer the editor: a suspended team is named in a dialog, a lapsed subscription
 * sends them to subscribe.
 */
export function useRefusals() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [suspendedTeam, setSuspendedTeam] = useState<string | null>(null);

  const sendRefused = useCallback(
    (failure: SendFailure) => {
      // The cached team said active; the server says otherwise, so the guards must ask again.
      void queryClient.invalidateQueries({ queryKey: teamQueryRoot });
      if (failure.kind === 'team-suspended') setSuspendedTeam(failure.teamName);
      if (failure.kind === 'subscription-required') {
        void queryClient.invalidateQueries({ queryKey: userQueryKey }).then(() => navigate({ to: '/subscribe' }));
      }
    },
    [queryClient, navigate],
  );

  /** True when the page has told the writer (the upload then shows no error of its own). */
  const uploadRefused = useCallback(
    (refusal: Extract<UploadOutcome, { ok: false }>) => {
      const failure = uploadFailureOf(refusal);
      if (failure.kind === 'team-suspended') {
        setSuspendedTeam(failure.teamName);
        return true;
      }
      if (failure.kind === 'subscription-required') sendRefused(failure);
      return false;
    },
    [sendRefused],
  );

  const dismissSuspended = useCallback(() => setSuspendedTeam(null), []);

  return { suspendedTeam, dismissSuspended, sendRefused, uploadRefused };
}
