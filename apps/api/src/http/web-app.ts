import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.js';

/**
 * Serves the built dashboard from the same origin as the API (cookies and CSRF stay simple).
 * Hashed assets are cached for a year; any other GET that is not an API path gets `index.html`
 * so the client-side router can handle deep links.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/health/');
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        failure([
          { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
        ]),
      );
  });
}
