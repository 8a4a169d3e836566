import { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run generate:api-client`: a TypeScript client generated from the published OpenAPI document
 * (docs/api/openapi.json) by @hey-api/openapi-ts, as any integrator would make one. It is written to
 * apps/server/test/api-client/ (gitignored) and type-checked with the server's tests by `npm run
 * typecheck`, which generates it first, so a document whose generated client does not compile
 * fails CI (ADR 0054). Nothing is fetched: the input is the file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The generator builds its code with TypeScript's compiler API, which TypeScript 7 (ours, native)
// does not have: its `typescript` is the TypeScript 5 of the tools/api-client workspace.
const typeScript5 = pathToFileURL(
  createRequire(path.join(root, 'tools/api-client/package.json')).resolve('typescript'),
);
const useTypeScript5 = `export async function resolve(specifier, context, next) {
  const fromGenerator = specifier === 'typescript' && context.parentURL?.includes('/node_modules/@hey-api/');
  return fromGenerator ? { url: ${JSON.stringify(typeScript5.href)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(useTypeScript5)}`, import.meta.url);

const { createClient } = await import('@hey-api/openapi-ts');
await createClient({
  input: path.join(root, 'docs/api/openapi.json'),
  output: { path: path.join(root, 'apps/server/test/api-client'), clean: true },
  plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
  logs: { level: 'warn' },
});
