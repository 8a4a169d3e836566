import { certificatesPdfLayouts } from './certificates/certificates.pdf-layouts.ts';
import { swmsPdfLayouts } from './swms/swms.pdf-layouts.ts';

/**
 * The PDF layouts of the features that print, for the PDF worker: each feature's light
 * `<name>.pdf-layouts.ts`, which its manifest declares too. The worker cannot import the feature
 * list, which would load every route and service into each thread (ADR 0073); a test holds the two
 * lists together.
 */
export const pdfLayouts = [...certificatesPdfLayouts, ...swmsPdfLayouts];
