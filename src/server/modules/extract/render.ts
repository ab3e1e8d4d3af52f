import { ui } from '../../../shared/catalogue.ts';
import type { ExtractResult, RenderedResult } from '../../../shared/extract.ts';
import { escapeHtml } from '../../../shared/html.ts';

// Every value below is text or an http(s) address we built; all of it is escaped, none is trusted as HTML.

const img = (cls: string, src: string | null | undefined) =>
  src ? `<img class="${cls}" src="${escapeHtml(src)}" alt="" loading="lazy" referrerpolicy="no-referrer">` : '';

function card(opts: {
  url: string;
  kind: string;
  outside: boolean;
  site?: string;
  icon?: string;
  title: string;
  text?: string;
  image?: string | null;
}): string {
  const rel = opts.outside ? ' rel="nofollow noopener noreferrer" target="_blank"' : '';
  return (
    `<a class="extract-card extract-card--${opts.kind}" href="${escapeHtml(opts.url)}"${rel}>` +
    '<span class="extract-card__body">' +
    (opts.site
      ? `<span class="extract-card__site">${img('extract-card__favicon', opts.icon)}${escapeHtml(opts.site)}</span>`
      : '') +
    `<span class="extract-card__title">${escapeHtml(opts.title)}</span>` +
    (opts.text ? `<span class="extract-card__text">${escapeHtml(opts.text)}</span>` : '') +
    '</span>' +
    img('extract-card__image', opts.image) +
    '</a>'
  );
}

/** The card a result shows as, for `/andropov/extract/render`. */
export function renderResult(r: ExtractResult): string {
  switch (r.type) {
    case 'link':
      return card({
        url: r.data.url,
        kind: 'link',
        outside: true,
        site: r.data.site_name,
        icon: r.data.favicon,
        title: r.data.title,
        text: r.data.description,
        image: r.data.image?.uuid,
      });
    case 'video':
      return (
        `<a class="extract-card extract-card--video" href="${escapeHtml(r.data.url)}" rel="nofollow noopener noreferrer" target="_blank" data-service="${escapeHtml(r.data.service)}" data-id="${escapeHtml(r.data.id)}">` +
        img('extract-card__thumbnail', r.data.thumbnail) +
        `<span class="extract-card__title">${escapeHtml(r.data.title || ui.extract.video)}</span></a>`
      );
    case 'telegram':
      return card({
        url: r.data.url,
        kind: 'telegram',
        outside: true,
        title: ui.extract.telegramPost(r.data.channel),
        text: r.data.url,
      });
    case 'x':
      return card({ url: r.data.url, kind: 'x', outside: true, title: ui.extract.xPost, text: r.data.url });
    case 'entry':
      return card({
        url: r.data.url,
        kind: 'entry',
        outside: false,
        site: r.data.subsite.name,
        icon: r.data.author.avatar_url ?? '',
        title: r.data.title || r.data.author.name,
        text: r.data.description,
        image: r.data.image?.uuid,
      });
    case 'comment':
      return card({
        url: r.data.url,
        kind: 'comment',
        outside: false,
        site: `${ui.extract.comment} · ${r.data.author.name}`,
        icon: r.data.author.avatar_url ?? '',
        title: r.data.entry.title,
        text: r.data.text,
      });
    case 'subsite':
      return card({
        url: r.data.url,
        kind: 'subsite',
        outside: false,
        title: r.data.name,
        text: r.data.description,
        image: r.data.avatar_url,
      });
    case 'error':
      return `<div class="extract-card extract-card--error" role="alert">${escapeHtml(r.data.message)}</div>`;
  }
}

export const withHtml = (results: ExtractResult[]): RenderedResult[] =>
  results.map((r) => ({ ...r, html: renderResult(r) }));
