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
  const rulesOf = (files: Record<string, string>) =>
    checkLayers({ ...layers, root: tree(files) }).map((violation) => violation.rule);

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

it('finds no violation in the project as it stands', () => {
  for (const layers of appLayers) expect(checkLayers(layers), layers.name).toEqual([]);
});
