import { featureRoutes } from '../../lib/routing.ts';

export const verificationRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/verify/:kind/:id/:version', title: 'Verify a document', access: 'public', page: 'verify' },
    { path: '/verify', title: 'Verify a PDF', access: 'public', page: 'verifyPdf', withoutQueryClient: true },
  ],
);
