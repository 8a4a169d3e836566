import { coverSheetPdfJob } from './cover-sheet-pdf-layout.ts';
import { siteBoardPdfJob } from './site-board-layout.ts';
import { swmsPdfJob } from './swms-pdf-layout.ts';

/** What SWMS print, light enough for the PDF worker to import (features/pdf-layouts.ts; ADR 0073). */
export const swmsPdfLayouts = [swmsPdfJob, coverSheetPdfJob, siteBoardPdfJob];
