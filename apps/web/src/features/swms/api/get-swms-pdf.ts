import { swmsEndpoints } from '@app/contract';
import { callFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/swms/:id/pdf, saved as a download (not through the query cache: ADR 0012). */
export async function downloadSwmsPdf(id: string, version?: number): Promise<void> {
  const { blob, filename } = await callFile(swmsEndpoints.pdf, {
    params: { id },
    query: { version: version === undefined ? undefined : String(version) },
  });
  saveFile(blob, filename ?? 'swms.pdf');
}
