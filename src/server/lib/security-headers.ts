import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer. Pages get a Content-Security-Policy whose scripts are this origin's files and the
 * page's own inline scripts by their SHA-256 (React Router's hydration data and module loader, the small pages of
 * sign-in and payments): hashes rather than a nonce because an anonymous page's bytes are rendered once and shared
 * by every reader (web.ts), so its policy is worked out once per body, not per request. Every answer refuses framing
 * but the widgets for other sites (`lib/widget-page.ts`), which send EMBEDDABLE_POLICY (or its scripted twin).
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The fixed part of a page's policy; `script-src` is added per page. */
const PAGE_POLICY = [
  "default-src 'self'",
  // React and the editor set style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // Entries show pictures and sound from anywhere (outside images by URL, MEDIA_BASE_URL).
  'img-src * data: blob:',
  'media-src * data: blob:',
  "font-src 'self' data:",
  // Video blocks load the service's player (spec/content.md §4); the payment's bank page.
  'frame-src https:',
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');
/** Everything else (JSON, media, files): nothing to run, nothing to frame. */
const OTHER_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A widget page for other sites: framed anywhere, runs nothing, its inline styles only, sends nowhere. */
export const EMBEDDABLE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors *";
/**
 * The same with a button (the blog widget's «Показать ещё»): this origin's script files (none inline) and requests
 * to this origin only.
 */
export const EMBEDDABLE_SCRIPTED_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors *";
const EMBEDDABLE = new Set<unknown>([EMBEDDABLE_POLICY, EMBEDDABLE_SCRIPTED_POLICY]);

/** The page's policy with the hashes of its inline scripts. */
export function pagePolicy(html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}'`);
  return `${['script-src', "'self'", ...hashes].join(' ')}; ${PAGE_POLICY}`;
}

/** A shared page's body is one Buffer sent to many readers: its policy is worked out once. */
const policies = new WeakMap<Buffer, string>();

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const hsts = config.publicUrl.startsWith('https:');
  // Added before compression (app.ts), so the page's text is still here to hash.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const embeddable = EMBEDDABLE.has(reply.getHeader('content-security-policy'));
    if (!embeddable) reply.header('x-frame-options', 'DENY');
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000');
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    // A shared page names its own policy (page-encoding.ts): its body may already be compressed.
    if (reply.hasHeader('content-security-policy')) return payload;
    if (html && Buffer.isBuffer(payload)) {
      let policy = policies.get(payload);
      if (!policy) policies.set(payload, (policy = pagePolicy(payload.toString('utf8'))));
      reply.header('content-security-policy', policy);
    } else if (html && typeof payload === 'string') {
      reply.header('content-security-policy', pagePolicy(payload));
    } else {
      reply.header('content-security-policy', OTHER_POLICY);
    }
    return payload;
  });
}
