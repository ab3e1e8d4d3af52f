import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import { EMBEDDABLE_POLICY } from './security-headers.ts';

/**
 * The widgets other sites frame (`/widget/{job|…}/external`): one small HTML page of links, no scripts, its own
 * inline styles, links opening in a new tab. The vacancies' and the events' widgets use it.
 */
export interface WidgetItem {
  title: string;
  /** An absolute address on this site. */
  url: string;
  /** Lines under the title (the company; the place and the salary). */
  lines: string[];
}

export interface WidgetPage {
  /** The page's title and heading. */
  title: string;
  /** A note beside the heading (the town). */
  note: string;
  items: WidgetItem[];
  empty: string;
  more: { text: string; url: string };
  siteName: string;
  siteUrl: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#16171a;background:#fff}
.w{padding:12px 14px}
.w__head{display:flex;justify-content:space-between;align-items:baseline;gap:8px;margin-bottom:4px}
h1{margin:0;font-size:17px}
.w__note{font-weight:400;color:#60646b}
a{color:#2563e6;text-decoration:none}
a:hover{text-decoration:underline}
.w__item{padding:8px 0;border-bottom:1px solid #e4e6ea}
.w__item:last-of-type{border-bottom:0}
.w__title{display:block;font-weight:600;color:#16171a;overflow-wrap:anywhere}
.w__line{color:#60646b;font-size:13px}
.w__empty{color:#60646b}
.w__foot{margin-top:8px;font-size:12px;color:#60646b}
`;

const link = (url: string, text: string, cls = '') =>
  `<a href="${escapeHtml(url)}" target="_blank" rel="noopener"${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</a>`;

export function widgetPage(p: WidgetPage): string {
  const items = p.items.length
    ? p.items
        .map(
          (i) =>
            `<div class="w__item" data-testid="widget-item">${link(i.url, i.title, 'w__title')}${i.lines
              .map((l) => `<div class="w__line">${escapeHtml(l)}</div>`)
              .join('')}</div>`,
        )
        .join('\n')
    : `<p class="w__empty">${escapeHtml(p.empty)}</p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(p.title)}</title><style>${STYLE}</style></head>
<body><main class="w">
<div class="w__head"><h1>${escapeHtml(p.title)}${p.note ? ` <span class="w__note">· ${escapeHtml(p.note)}</span>` : ''}</h1>${link(p.more.url, p.more.text)}</div>
${items}
<div class="w__foot">${link(p.siteUrl, p.siteName)}</div>
</main></body></html>
`;
}

/** Sends a widget page others may frame: its own policy (frame-ancestors *, no scripts), no cookies, cached briefly. */
export function sendWidgetPage(reply: FastifyReply, html: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', EMBEDDABLE_POLICY)
    .header('cache-control', 'public, max-age=300')
    .send(html);
}
