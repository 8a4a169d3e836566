import type { ReactNode } from 'react';

/** The document a "Send for signing" panel acts on; the lead wires signing in (apps/web/src/app). */
type SigningTarget = { kind: 'swms' | 'cover_sheet'; id: string; version: number };

/** Optional panel the app passes to the SWMS and cover-sheet pages, shown where sending for signing belongs. */
export type SigningPanel = (doc: SigningTarget) => ReactNode;
