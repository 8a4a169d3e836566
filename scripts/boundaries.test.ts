import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appLayers } from './app-layers.ts';
import { checkLayers } from './boundaries.ts';

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A source tree of `files` (path → content) in a fresh temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  roots.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe.each(appLayers.filter((layers) => layers.features))('the $name layers', (layers) => {
  const [shared = ''] = layers.shared;
  // The order of areas inside a shared folder has its own tests below.
  const rulesOf = (files: Record<string, string>) =>
    checkLayers({ ...layers, ordered: undefined, root: tree(files) }).map((violation) => violation.rule);

  it('accept a feature importing a shared layer, and a shared layer importing another', () => {
    expect(
      rulesOf({
        'features/a/page.ts': `import { helper } from '../../${shared}/helper.ts';\n`,
        [`${shared}/helper.ts`]: 'export const helper = 1;\n',
      }),
    ).toEqual([]);
  });

  it('refuse a feature importing another, however the path is written', () => {
    expect(
      rulesOf({
        'features/a/page.ts': "import { b } from '../b/b.ts';\nexport { c } from '../../features/b/c.ts';\n",
        'features/a/deep/part.ts': "const lazy = () => import('../../b/b.ts');\n",
        'features/b/b.ts': 'export const b = 1;\n',
        'features/b/c.ts': 'export const c = 1;\n',
      }),
    ).toEqual(['feature', 'feature', 'feature']);
  });

  it(`refuse ${shared}/ importing a feature`, () => {
    expect(
      rulesOf({
        [`${shared}/helper.ts`]: "import type { B } from '../features/b/b.ts';\n",
        'features/b/b.ts': 'export type B = 1;\n',
      }),
    ).toEqual(['shared']);
  });

  it('refuse a cycle, type imports included', () => {
    expect(
      rulesOf({
        'app/router.ts': "import { Layout } from './layout.ts';\n",
        'app/layout.ts': "import type { Handle } from './router.ts';\n",
      }),
    ).toEqual(['cycle']);
  });
});

it('keeps lib/ of the web from importing components/', () => {
  const web = appLayers.find((layers) => layers.name === 'web');
  if (!web) throw new Error('no web layers');
  const root = tree({
    'lib/connectivity.ts': "import { toast } from '../components/ui/toast.ts';\n",
    'components/ui/toast.ts': 'export const toast = 1;\n',
  });
  expect(checkLayers({ ...web, root }).map((violation) => violation.rule)).toEqual(['forbidden']);
});

describe('the order inside platform/ of the server', () => {
  const server = appLayers.find((layers) => layers.name === 'server');
  if (!server?.ordered) throw new Error('no order inside the server platform');
  const rulesOf = (files: Record<string, string>) =>
    checkLayers({ ...server, root: tree(files) }).map((violation) => violation.rule);

  it('accepts an area importing one of a lower tier', () => {
    expect(
      rulesOf({
        'platform/storage/stored-files.ts': "import { AppError } from '../errors.ts';\n",
        'platform/errors.ts': 'export class AppError {}\n',
      }),
    ).toEqual([]);
  });

  it('refuses an import that runs back up, or sideways within a tier, type imports included', () => {
    expect(
      rulesOf({
        'platform/storage/configured.ts': "import type { Reply } from '../http/errors.ts';\n",
        'platform/http/errors.ts': 'export type Reply = 1;\n',
        'platform/mail/mailer.ts': "import { limit } from '../rate-limit/limit.ts';\n",
        'platform/rate-limit/limit.ts': 'export const limit = 1;\n',
      }),
    ).toEqual(['order', 'order']);
  });

  it('refuses an area that has no tier', () => {
    expect(rulesOf({ 'platform/newcomer/thing.ts': 'export const thing = 1;\n' })).toEqual(['order']);
  });
});

it('finds no violation in the project as it stands', () => {
  for (const layers of appLayers) expect(checkLayers(layers), layers.name).toEqual([]);
});
