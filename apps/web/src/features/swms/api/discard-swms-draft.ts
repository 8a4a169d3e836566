import { type Swms, swmsEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** POST /api/swms/:id/discard-draft: back to the last issued version (409 once the draft was issued). */
export function discardSwmsDraft(id: string, revision: number): Promise<Swms> {
  return call(swmsEndpoints.discardDraft, { params: { id }, body: { revision } });
}
