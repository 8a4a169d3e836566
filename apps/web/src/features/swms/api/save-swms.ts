import { type SaveSwmsRequest, type Swms, swmsEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** PUT /api/swms/:id: the autosave; answers 409 when `revision` is no longer the latest. */
export function saveSwms(id: string, body: SaveSwmsRequest): Promise<Swms> {
  return call(swmsEndpoints.save, { params: { id }, body });
}
