import { certificatePdfJob } from './certificate-pdf-layout.ts';

/** What certificates print, light enough for the PDF worker to import (features/pdf-layouts.ts; ADR 0073). */
export const certificatesPdfLayouts = [certificatePdfJob];
