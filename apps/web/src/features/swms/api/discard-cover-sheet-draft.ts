import { type CoverSheet, swmsEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** POST /api/cover-sheets/:id/discard-draft: back to the last issued version (409 once the draft was issued). */
export function discardCoverSheetDraft(id: string, revision: number): Promise<CoverSheet> {
  return call(swmsEndpoints.discardCoverSheetDraft, { params: { id }, body: { revision } });
}
