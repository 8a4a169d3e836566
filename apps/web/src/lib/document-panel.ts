import type { SignableDocumentKind } from '@app/contract';
import type { ReactNode } from 'react';

/** The document a page shows; `version` when an edit can change it under the panel (SWMS, cover sheets). */
type PanelTarget = { kind: SignableDocumentKind; id: string; version?: number };

/**
 * The one slot every document page offers for what the app composes onto it (signing by link):
 * the page says which document it shows and when the panel belongs; app/ decides what goes there.
 */
export type DocumentPanel = (document: PanelTarget) => ReactNode;
