import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package root (apps/server). Found by walking up from this module, because the code
 * runs both from sources (src/…) and from the bundle (dist/main.js), at different depths.
 */
function findServerRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'drizzle'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('Cannot locate the server package root (no drizzle/ folder found)');
    directory = parent;
  }
  return directory;
}

const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The built SPA, served by the API server. */
export const defaultWebDistDir = path.resolve(serverRoot, '../web/dist');
