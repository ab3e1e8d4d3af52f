import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import { EMBEDDABLE_POLICY, EMBEDDABLE_SCRIPTED_POLICY } from './security-headers.ts';

/**
 * The widgets other sites frame (`/widget/{job|events}/external`, `/widget/blog/{id}`): one small HTML page of links,
 * its own inline styles, links opening in a new tab. The vacancies' and the events' widgets run no script; the blog
 * widget's «Показать ещё» runs one file of this origin (`more`), and asks for the next items' HTML (`widgetItems`).
 */
export interface WidgetItem {
  title: string;
  /** An absolute address on this site. */
  url: string;
  /** Lines under the title (the company; the place and the salary; the date and the counters). */
  lines: string[];
  /** A small picture beside the title (an entry's cover), an absolute address. */
  image?: string;
}

export interface WidgetPage {
  /** The page's title and heading. */
  title: string;
  /** The heading when it is not the title (the blog's name). */
  heading?: string;
  /** A note beside the heading (the town). */
  note: string;
  /** The blog's avatar before the heading: its picture (an absolute address), else its letter on its colour. */
  avatar?: { url: string | null; color: string; letter: string };
  items: WidgetItem[];
  empty: string;
  /** The link beside the heading (all the vacancies; the blog itself). */
  more: { text: string; url: string };
  /** «Показать ещё»: the button the script (`src`) wires, asking `url/{last id}` for the next items. */
  loadMore?: { text: string; loading: string; failed: string; url: string; lastId: number; src: string };
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
.w__brand{display:flex;align-items:center;gap:8px;min-width:0}
.w__avatar{width:32px;height:32px;border-radius:50%;object-fit:cover;flex:none}
.w__letter{display:inline-flex;align-items:center;justify-content:center;color:#fff;font-weight:600}
.w__item--pic{display:flex;gap:10px;align-items:flex-start}
.w__body{min-width:0;flex:1}
.w__pic{width:72px;height:48px;border-radius:4px;object-fit:cover;flex:none;background:#eef0f3}
.w__more{display:block;width:100%;margin-top:8px;padding:8px 12px;font:inherit;font-weight:600;color:#fff;background:#2563e6;border:0;border-radius:6px;cursor:pointer}
.w__more:hover{background:#1d4fc0}
.w__more:focus-visible{outline:2px solid #16171a;outline-offset:2px}
.w__more[aria-busy=true]{opacity:.7;cursor:progress}
.w__more[hidden]{display:none}
.w__status{color:#b42318;font-size:13px;margin:6px 0 0}
.w__status:empty{margin:0}
`;

const link = (url: string, text: string, cls = '') =>
  `<a href="${escapeHtml(url)}" target="_blank" rel="noopener"${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</a>`;

function widgetItem(i: WidgetItem): string {
  const body = `${link(i.url, i.title, 'w__title')}${i.lines.map((l) => `<div class="w__line">${escapeHtml(l)}</div>`).join('')}`;
  if (!i.image) return `<div class="w__item" data-testid="widget-item">${body}</div>`;
  return `<div class="w__item w__item--pic" data-testid="widget-item"><img class="w__pic" src="${escapeHtml(i.image)}" alt="" loading="lazy"><div class="w__body">${body}</div></div>`;
}

/** Items as the page lists them: the answer of a load-more asks. */
export const widgetItems = (items: WidgetItem[]) => items.map(widgetItem).join('\n');

function loadMoreButton(m: NonNullable<WidgetPage['loadMore']>): string {
  return `<button type="button" class="w__more" data-testid="widget-more" data-url="${escapeHtml(m.url)}" data-last-id="${m.lastId}" data-loading="${escapeHtml(m.loading)}" data-failed="${escapeHtml(m.failed)}">${escapeHtml(m.text)}</button>
<p class="w__status" role="status" data-testid="widget-status"></p>
<script src="${escapeHtml(m.src)}" defer></script>`;
}

export function widgetPage(p: WidgetPage): string {
  const items = p.items.length
    ? `<div class="w__list" data-testid="widget-list">${widgetItems(p.items)}</div>`
    : `<p class="w__empty">${escapeHtml(p.empty)}</p>`;
  const heading = `<h1>${escapeHtml(p.heading ?? p.title)}${p.note ? ` <span class="w__note">· ${escapeHtml(p.note)}</span>` : ''}</h1>`;
  const a = p.avatar;
  const avatar = !a
    ? ''
    : a.url
      ? `<img class="w__avatar" src="${escapeHtml(a.url)}" alt="">`
      : `<span class="w__avatar w__letter" style="background:${escapeHtml(a.color)}" aria-hidden="true">${escapeHtml(a.letter)}</span>`;
  const brand = a ? `<div class="w__brand">${avatar}${heading}</div>` : heading;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(p.title)}</title><style>${STYLE}</style></head>
<body><main class="w">
<div class="w__head">${brand}${link(p.more.url, p.more.text)}</div>
${items}${p.loadMore ? `\n${loadMoreButton(p.loadMore)}` : ''}
<div class="w__foot">${link(p.siteUrl, p.siteName)}</div>
</main></body></html>
`;
}

/**
 * Sends a widget page others may frame: its own policy (frame-ancestors *; no scripts, or with `scripted` this
 * origin's files and requests only), no cookies, cached briefly.
 */
export function sendWidgetPage(reply: FastifyReply, html: string, scripted = false) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', scripted ? EMBEDDABLE_SCRIPTED_POLICY : EMBEDDABLE_POLICY)
    .header('cache-control', 'public, max-age=300')
    .send(html);
}
