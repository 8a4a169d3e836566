import { type InvitationPreview, invitationLinkEndpoints } from '@app/contract';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api-client.ts';

export type InvitationRead =
  | { status: 'loading' }
  | { status: 'ready'; invitation: InvitationPreview }
  | { status: 'failed'; error: unknown };

/**
 * GET /api/invitations/:token: which business invites which address, and whether the link still
 * works. Read without the query cache, as the signing link is (ADR 0017): a public page opened
 * once, whose script stays small; `reload` reads it again.
 */
export function useInvitation(token: string): { read: InvitationRead; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<InvitationRead>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reads the invitation again.
  useEffect(() => {
    const controller = new AbortController();
    call(invitationLinkEndpoints.preview, { params: { token } }, { signal: controller.signal }).then(
      (invitation) => setRead({ status: 'ready', invitation }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRead({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  return { read, reload: () => setAttempt((count) => count + 1) };
}
