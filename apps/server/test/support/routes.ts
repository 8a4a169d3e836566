import type { App } from '../../src/app.ts';

/**
 * Every route the app registered, with full paths, read from Fastify's route tree so new routes
 * are found too. The tree prints children relative to their parent (`/api/certificates` then
 * `/:id` then `/pdf`), one level per four characters of indentation.
 */
export function registeredRoutes(app: App): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const parent = paths[depth - 1] ?? '';
    const url = segment.startsWith('/') || !parent ? `${parent}${segment}` : `${parent}/${segment}`;
    paths[depth] = url;
    paths.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
