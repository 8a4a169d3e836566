import type { SignableDocumentKind } from '@app/contract';

/** Per user, so one person's signers are never shown to the next one signing in on this browser. */
export const signingKeys = {
  panel: (userId: string, kind: SignableDocumentKind, documentId: string) =>
    ['signing', userId, kind, documentId] as const,
  waiting: (userId: string) => ['signing', userId, 'waiting'] as const,
  sends: (userId: string, kind: SignableDocumentKind, documentId: string) =>
    ['signing', userId, kind, documentId, 'sends'] as const,
};

/** Which document's signing panel a call belongs to. */
export type PanelRef = { userId: string; kind: SignableDocumentKind; documentId: string };
