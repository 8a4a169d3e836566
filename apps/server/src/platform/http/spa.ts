import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';
import { answerWrongMethod } from './wrong-method.ts';

/**
 * Serves the built SPA from `webDistDir` with history fallback: any GET for a path without a file
 * extension gets index.html, so deep links such as /certificates/123 work on reload.
 * Unknown /api paths and missing assets get a 404 instead; a known /api path asked with a method it
 * does not have gets 405 (wrong-method.ts).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | undefined) {
  const indexHtmlExists = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (indexHtmlExists) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts); send the one accepted.
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's default would override it.
      cacheControl: false,
      // Hashed asset names never change content, so they may be cached for a year.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL is sent as Brotli, gzip or plain, so caches must key on what was accepted.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return (
        answerWrongMethod(app, request, reply, pathname) ??
        reply.status(404).send(errorBody(request, 'not_found', `No API endpoint at ${request.method} ${pathname}.`))
      );
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && path.extname(pathname) === '';
    if (wantsPage && indexHtmlExists) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    return reply.status(404).send(errorBody(request, 'not_found', 'Not found.'));
  });
}
