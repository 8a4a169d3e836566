import type { AppLayers } from './boundaries.ts';

/** The layers of each app (ADR 0027), checked by `npm run lint` (scripts/check-boundaries.ts). */
export const appLayers: AppLayers[] = [
  {
    name: 'server',
    root: 'apps/server/src',
    features: 'features',
    shared: ['platform', 'db'],
    forbidden: [],
  },
  {
    name: 'web',
    root: 'apps/web/src',
    features: 'features',
    shared: ['lib', 'components'],
    forbidden: [['lib', 'components']],
  },
  { name: 'contract', root: 'packages/contract/src', features: '', shared: [], forbidden: [] },
];
