import type { FastifyInstance } from 'fastify';
import { parseBrackets } from '../../shared/brackets.ts';

export const BODY_LIMIT = 1024 * 1024;

/** Form and multipart bodies arrive in bracket notation; both become the same nested object as JSON. */
export function registerBodyParsers(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => {
      done(null, parseBrackets(new URLSearchParams(body as string)));
    },
  );
}

export function parseQueryString(qs: string): Record<string, unknown> {
  return parseBrackets(new URLSearchParams(qs));
}
