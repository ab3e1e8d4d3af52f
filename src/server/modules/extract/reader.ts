import { Parser } from 'htmlparser2';
import { collapseWhitespace } from '../../../shared/format.ts';

/** What a page tells about itself in its head: OpenGraph, Twitter cards, plain meta and links. */
export interface PageFacts {
  title: string;
  description: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
  siteName: string;
  favicon: string;
  /** The JSON oEmbed endpoint the page announces, if any. */
  oembed: string;
}

/** The charset a page is written in: the header first, then `<meta charset>` / http-equiv in the first bytes. */
export function pageCharset(body: Buffer, contentType: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  const head = body.subarray(0, 4096).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  return (fromMeta ?? 'utf-8').toLowerCase();
}

export function decodePage(body: Buffer, contentType: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(pageCharset(body, contentType));
  } catch {
    // An unknown label: most of the web is UTF-8.
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

const clean = (s: string | undefined) => collapseWhitespace(s ?? '');

/** An absolute http(s) address, or '' for anything else (javascript:, data:, broken). */
export function absoluteHttp(href: string, base: string): string {
  if (!href) return '';
  try {
    const u = new URL(href.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : '';
  } catch {
    return '';
  }
}

/** A picture side a page or an oEmbed answer states: a sane whole number of pixels, else 0 (unknown). */
export const imageSide = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 20_000 ? n : 0;
};

/** Reads the page's head (a truncated body is fine: the parser takes what is there). */
export function readPage(html: string, pageUrl: string): PageFacts {
  const meta = new Map<string, string>();
  const icons: { rel: string; href: string }[] = [];
  let oembed = '';
  let title = '';
  let inTitle = false;
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = !title;
        else if (name === 'base' && attrs.href) base = absoluteHttp(attrs.href, pageUrl) || base;
        else if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').toLowerCase();
          // The first value wins: pages repeat og:image for alternatives, the first is the main one.
          if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
        } else if (name === 'link') {
          const rel = (attrs.rel ?? '').toLowerCase();
          if (rel.split(/\s+/).includes('icon') || rel === 'apple-touch-icon')
            icons.push({ rel, href: attrs.href ?? '' });
          if (rel === 'alternate' && (attrs.type ?? '').toLowerCase() === 'application/json+oembed' && !oembed)
            oembed = attrs.href ?? '';
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  // Everything we read lives in the head: the body (most of a page) is not parsed at all.
  const body = html.search(/<body[\s>]/i);
  parser.write(body > 0 ? html.slice(0, body) : html);
  parser.end();

  const pick = (...keys: string[]) => clean(keys.map((k) => meta.get(k)).find((v) => v && v.trim()));
  const icon = icons.find((i) => i.rel.split(/\s+/).includes('icon') && i.href) ?? icons.find((i) => i.href);
  return {
    title: pick('og:title', 'twitter:title') || clean(title),
    description: pick('og:description', 'twitter:description', 'description'),
    image: absoluteHttp(
      pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
      base,
    ),
    imageWidth: imageSide(meta.get('og:image:width')),
    imageHeight: imageSide(meta.get('og:image:height')),
    siteName: pick('og:site_name', 'application-name'),
    favicon: absoluteHttp(icon?.href ?? '', base) || absoluteHttp('/favicon.ico', pageUrl),
    oembed: absoluteHttp(oembed, base),
  };
}
