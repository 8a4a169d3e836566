import type { AppLayers } from './boundaries.ts';

/** The layers of each app (ADR 0027), checked by `npm run lint` (scripts/check-boundaries.ts). */
export const appLayers: AppLayers[] = [
  {
    name: 'server',
    root: 'apps/server/src',
    features: 'features',
    shared: ['platform', 'db'],
    // db/ stands under platform/: the pool, migrations and shared columns know no platform area.
    forbidden: [['db', 'platform']],
    // From the ground up; an area imports only areas of a lower tier (docs/CODE_STYLE.md, Layers).
    ordered: {
      folder: 'platform',
      tiers: [
        ['errors', 'dates'],
        ['crypto', 'jobs', 'events', 'images', 'billing'],
        ['accounts', 'mail', 'rate-limit'],
        ['retired-ids', 'entitlements', 'pdf'],
        ['storage'],
        ['metrics', 'http'],
        ['documents'],
        ['audit'],
        ['feature-module'],
      ],
    },
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
