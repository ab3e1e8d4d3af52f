import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';

/** What every RSS feed shares (the feed module's, the vacancies', the events'): escaping, validators, the answer with a 304. */

/** Escapes text for XML (the HTML escape is valid XML) and drops the control characters XML 1.0 forbids. */
export const xmlEscape = (s: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  escapeHtml(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));

/** A feed as the routes send it: the XML with its validators, so a reader that has it gets a 304. */
export interface Feed {
  xml: string;
  /** A strong validator of the XML itself: any change of a title, an author's name or the channel changes it. */
  etag: string;
  /** When the newest change among its items was made; null for an empty feed. */
  lastModified: Date | null;
}

export const feedOf = (xml: string, lastModified: Date | null): Feed => ({
  xml,
  etag: `"${crypto.createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`,
  lastModified,
});

export function sendXml(reply: FastifyReply, type: string, body: string) {
  return reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('cache-control', 'public, max-age=300')
    .send(body);
}

/** Whether the reader already has this feed: `If-None-Match` decides when sent, else `If-Modified-Since` (RFC 9110 §13.2.2). */
function notModified(req: FastifyRequest, feed: Pick<Feed, 'etag' | 'lastModified'>): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined)
    return match.split(',').some((tag) => ['*', feed.etag].includes(tag.trim().replace(/^W\//, '')));
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return (
    feed.lastModified !== null && !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since
  );
}

/** A feed with its validators; a reader that has it gets an empty 304 instead of the whole XML again. */
export function sendRss(req: FastifyRequest, reply: FastifyReply, feed: Feed) {
  reply.header('etag', feed.etag);
  if (feed.lastModified) reply.header('last-modified', feed.lastModified.toUTCString());
  if (notModified(req, feed)) return reply.code(304).header('cache-control', 'public, max-age=300').send();
  return sendXml(reply, 'application/rss+xml', feed.xml);
}
