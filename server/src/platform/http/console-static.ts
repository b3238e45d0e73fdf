import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIX = /^\/(api|v1|v1beta|pg|mj|suno|dashboard)(\/|$|\?)/;

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Console not built</title>' +
  '<p>The console has not been built. Run <code>npm run build</code> (npm start does it for you).</p>';

/**
 * Serves the built console. Hashed assets are cached for a year; every other unknown path gets
 * index.html so the console's router can handle it, except API paths, which answer a JSON 404.
 */
export async function registerConsole(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route per built file (registered at start-up); the SPA fallback handles the rest.
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (url.startsWith('/api')) {
      return reply
        .code(404)
        .send({ success: false, message: `接口不存在：${request.method} ${url.split('?')[0]}` });
    }
    if (API_PREFIX.test(url)) {
      return reply.code(404).send({
        error: {
          message: `Invalid URL (${request.method} ${url.split('?')[0]})`,
          type: 'invalid_request_error',
          param: '',
          code: '',
        },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    reply.header('cache-control', 'no-cache');
    if (!hasBuild) return reply.type('text/html').send(NOT_BUILT_PAGE);
    return reply.type('text/html').sendFile('index.html');
  });
}
