import { type CoverSheet, type SaveCoverSheetRequest, swmsEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** PUT /api/cover-sheets/:id: the autosave; answers 409 when `revision` is no longer the latest. */
export function saveCoverSheet(id: string, body: SaveCoverSheetRequest): Promise<CoverSheet> {
  return call(swmsEndpoints.saveCoverSheet, { params: { id }, body });
}
