import { swmsEndpoints } from '@app/contract';
import { callFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/cover-sheets/:id/pdf, saved as a download. */
export async function downloadCoverSheetPdf(id: string): Promise<void> {
  const { blob, filename } = await callFile(swmsEndpoints.coverSheetPdf, { params: { id }, query: {} });
  saveFile(blob, filename ?? 'cover-sheet.pdf');
}
