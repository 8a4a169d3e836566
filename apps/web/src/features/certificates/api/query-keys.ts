/*
 * The certificates' query keys, in a module of their own: the public share page reads a
 * certificate through them, and must not load the saving helpers beside them (certificate-keys.ts).
 */

/**
 * Query keys: everything under ['certificates', viewer], where the viewer is the signed-in user's
 * id or 'visitor', so nothing fetched for one person is shown to the next.
 */
export const certificateKeys = {
  lists: (userId: string) => ['certificates', userId, 'list'] as const,
  detail: (viewer: string, id: string) => ['certificates', viewer, 'detail', id] as const,
  /** One issued version (a QR code names its own); it never changes, but its verdict does. */
  version: (viewer: string, id: string, version: number) => ['certificates', viewer, 'detail', id, version] as const,
  versions: (userId: string, id: string) => ['certificates', userId, 'versions', id] as const,
  usage: (userId: string) => ['certificates', userId, 'usage'] as const,
};
