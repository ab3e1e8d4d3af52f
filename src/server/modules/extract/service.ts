import { imageSrc } from '../../../shared/blocks.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import {
  applicationLink,
  knownThumbnail,
  recognizeTelegram,
  recognizeVideo,
  recognizeX,
  type ApplicationLink,
  type ExtractImage,
  type ExtractResult,
  type LinkCard,
  type VideoEmbed,
} from '../../../shared/extract.ts';
import { collapseWhitespace, truncate } from '../../../shared/format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import type { UserRow } from '../auth/index.ts';
import { readEntry } from '../entries/service.ts';
import { copyPicture } from '../media/service.ts';
import * as subsites from '../subsites/service.ts';
import { absoluteHttp, decodePage, readPage, type PageFacts } from './reader.ts';
import * as q from './queries.ts';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** Outside results are kept a day; failures only briefly, so a site that was down is tried again soon. */
export const PREVIEW_TTL_MS = 86_400_000;
export const ERROR_TTL_MS = 5 * 60_000;
/** Now and then a write also drops previews long past their TTL, so the table does not grow without end. */
export const previewCleanup = { chance: 0.01, random: Math.random };
/** The head of a page is all we read; a longer page is cut, not refused. */
const PAGE_BYTES = 512 * 1024;
const OEMBED_BYTES = 64 * 1024;
const IMAGE_BYTES = 8 * 1024 * 1024;
/** Time limits of one page and of its side fetches (oEmbed, picture size); an object so tests can shorten them. */
export const fetchTimes = { pageMs: 6000, sideMs: 3000 };
const DESCRIPTION_MAX = 300;

/** `GET /andropov/extract`: one result per URL, in order; a URL that fails gives an error item, not a failed request. */
export function extract(ctx: Ctx, viewer: Viewer, urls: string[], forceLink: boolean): Promise<ExtractResult[]> {
  // A URL named twice is read once.
  const once = new Map<string, Promise<ExtractResult>>();
  return Promise.all(
    urls.map((url) => {
      let result = once.get(url);
      if (!result) {
        result = extractOne(ctx, viewer, url, forceLink);
        once.set(url, result);
      }
      return result;
    }),
  );
}

async function extractOne(ctx: Ctx, viewer: Viewer, url: string, forceLink: boolean): Promise<ExtractResult> {
  const own = applicationLink(url, ctx.config.publicUrl);
  if (own) {
    const card = await internalCard(ctx, viewer, url, own);
    return forceLink && card.type !== 'error' ? { type: 'link', data: asLinkCard(ctx, card) } : card;
  }
  if (!forceLink) {
    const telegram = recognizeTelegram(url);
    if (telegram) return { type: 'telegram', data: telegram };
    const x = recognizeX(url);
    if (x) return { type: 'x', data: x };
  }
  // The fragment never reaches the site, so it does not make another preview.
  const key = url.replace(/#.*$/, '');
  return cached(ctx, forceLink ? `link:${key}` : key, () => outside(ctx, viewer, url, forceLink));
}

/** Failures, and videos whose page could not be read (no title), are tried again soon. */
const ttlOf = (r: ExtractResult) =>
  r.type === 'error' || (r.type === 'video' && !r.data.title) ? ERROR_TTL_MS : PREVIEW_TTL_MS;

async function cached(ctx: Ctx, key: string, build: () => Promise<ExtractResult>): Promise<ExtractResult> {
  const now = ctx.now();
  const row = await q.findPreview(ctx.db, key);
  if (row) {
    const kept = row.data;
    if (now.getTime() - row.fetchedAt.getTime() < ttlOf(kept)) return kept;
  }
  const result = await build();
  await q.savePreview(ctx.db, key, result, now);
  if (previewCleanup.random() < previewCleanup.chance)
    await q.deletePreviewsBefore(ctx.db, new Date(now.getTime() - 2 * PREVIEW_TTL_MS));
  return result;
}

function failure(ctx: Ctx, url: string, err: unknown): ExtractResult {
  let message: string = messages.extractUnreachable;
  if (err instanceof SafeFetchError) {
    switch (err.reason) {
      case 'refused':
        message = messages.extractRefused;
        break;
      case 'badUrl':
        message = messages.extractUrlInvalid;
        break;
      case 'timeout':
        message = messages.extractTimeout;
        break;
      case 'tooLarge':
        message = messages.extractTooLarge;
        break;
      case 'tooManyRedirects':
        message = messages.extractTooManyRedirects;
        break;
      case 'status':
        message = messages.extractUpstream(err.status ?? 0);
        break;
      case 'network':
        break;
    }
  } else {
    ctx.log.warn({ err }, 'link extraction failed');
  }
  return { type: 'error', data: { url, message } };
}

async function outside(ctx: Ctx, viewer: Viewer, url: string, forceLink: boolean): Promise<ExtractResult> {
  const video = forceLink ? null : recognizeVideo(url);
  try {
    if (video) return { type: 'video', data: await videoData(ctx, url, video) };
    const page = await fetchPage(ctx, url);
    const oembed = page.facts.oembed ? await readOembed(ctx, page.facts.oembed) : null;
    // A player announced through oEmbed (a page embedding a YouTube or Vimeo video) is that video.
    const embedded = !forceLink && oembed?.iframe ? recognizeVideo(oembed.iframe) : null;
    if (embedded && oembed)
      return { type: 'video', data: await videoData(ctx, oembed.iframe, embedded, page.facts, oembed) };
    return { type: 'link', data: await linkCard(ctx, viewer, page, oembed) };
  } catch (err) {
    return failure(ctx, url, err);
  }
}

interface FetchedPage {
  url: string;
  facts: PageFacts;
}

async function fetchPage(ctx: Ctx, url: string): Promise<FetchedPage> {
  const res = await safeFetch(ctx.config, url, {
    maxBytes: PAGE_BYTES,
    truncate: true,
    timeoutMs: fetchTimes.pageMs,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  });
  if (/html|xml/i.test(res.contentType) || !res.contentType)
    return { url: res.url, facts: readPage(decodePage(res.body, res.contentType), res.url) };
  // Not a page (a picture, a PDF): the card is the address itself, with the picture when it is one.
  const name = decodeURIComponent(new URL(res.url).pathname.split('/').filter(Boolean).pop() ?? '');
  return {
    url: res.url,
    facts: {
      title: name,
      description: '',
      image: /^image\//i.test(res.contentType) ? res.url : '',
      imageWidth: 0,
      imageHeight: 0,
      siteName: '',
      favicon: absoluteHttp('/favicon.ico', res.url),
      oembed: '',
    },
  };
}

interface Oembed {
  title: string;
  thumbnail: string;
  provider: string;
  /** The player address of a `video`/`rich` answer's html. */
  iframe: string;
}

/** The announced oEmbed answer; a broken or missing one only means fewer facts. */
async function readOembed(ctx: Ctx, endpoint: string): Promise<Oembed | null> {
  try {
    const res = await safeFetch(ctx.config, endpoint, {
      maxBytes: OEMBED_BYTES,
      timeoutMs: fetchTimes.sideMs,
      accept: 'application/json',
    });
    const json = JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? collapseWhitespace(v) : '');
    const html = text(json.html);
    const type = text(json.type);
    return {
      title: text(json.title),
      thumbnail: absoluteHttp(text(json.thumbnail_url), res.url),
      provider: text(json.provider_name),
      iframe:
        type === 'video' || type === 'rich'
          ? absoluteHttp(/<iframe[^>]+src=["']([^"']+)["']/i.exec(html)?.[1] ?? '', res.url)
          : '',
    };
  } catch {
    return null;
  }
}

/**
 * The card's picture copied through the media module (never hotlinked: a reader's request must not reach the other
 * site, nor load http on an https page), with the size read from its bytes; null when it cannot be copied.
 */
async function imageOf(ctx: Ctx, viewer: Viewer, src: string): Promise<ExtractImage | null> {
  if (!src) return null;
  const copy = await copyPicture(ctx, viewer.id, src, { maxBytes: IMAGE_BYTES, timeoutMs: fetchTimes.sideMs });
  if (!copy) return null;
  return {
    uuid: absoluteUrl(ctx, imageSrc({ uuid: copy.uuid }, ctx.config.mediaBaseUrl)),
    width: copy.width,
    height: copy.height,
  };
}

async function linkCard(ctx: Ctx, viewer: Viewer, page: FetchedPage, oembed: Oembed | null): Promise<LinkCard> {
  const f = page.facts;
  const host = new URL(page.url).hostname.replace(/^www\./, '');
  const image = (await imageOf(ctx, viewer, f.image)) ?? (await imageOf(ctx, viewer, oembed?.thumbnail ?? ''));
  return {
    url: page.url,
    title: truncate(f.title || oembed?.title || host, 300),
    description: truncate(f.description, DESCRIPTION_MAX),
    image,
    favicon: f.favicon,
    site_name: truncate(f.siteName || oembed?.provider || host, 100),
  };
}

/** A video is playable from its id alone; the page (or its oEmbed) only adds a title and a thumbnail. */
async function videoData(
  ctx: Ctx,
  url: string,
  video: NonNullable<ReturnType<typeof recognizeVideo>>,
  known?: PageFacts,
  oembed?: Oembed,
): Promise<VideoEmbed> {
  let facts = known;
  if (!facts) {
    try {
      facts = (await fetchPage(ctx, url)).facts;
    } catch {
      facts = undefined;
    }
  }
  return {
    service: video.service,
    id: video.id,
    url,
    title: truncate(facts?.title || oembed?.title || '', 300),
    thumbnail: facts?.image || oembed?.thumbnail || knownThumbnail(video.service, video.id),
    ...(video.timecode ? { timecode: video.timecode } : {}),
  };
}

// ---------------------------------------------------------------- our own links

/** A site path made a full URL (an outside URL stays as it is). */
const absoluteUrl = (ctx: Ctx, path: string) => (path.startsWith('/') ? ctx.config.publicUrl + path : path);
const absolute = (ctx: Ctx, path: string | null) => (path ? absoluteUrl(ctx, path) : null);

/** The entry's cover picture (first image of its cover or media block, or its video's thumbnail). */
function entryImage(ctx: Ctx, entry: Entry): ExtractImage | null {
  const cover = entry.cover;
  if (cover?.type === 'media') {
    const image = (
      cover.data.items as { image?: { uuid?: string; url?: string; width: number; height: number } }[] | undefined
    )?.[0]?.image;
    if (!image) return null;
    return {
      uuid: absoluteUrl(ctx, imageSrc(image, ctx.config.mediaBaseUrl)),
      width: image.width,
      height: image.height,
    };
  }
  if (cover?.type === 'video' && typeof cover.data.thumbnail === 'string')
    return { uuid: cover.data.thumbnail, width: 0, height: 0 };
  return null;
}

async function internalCard(ctx: Ctx, viewer: Viewer, url: string, link: ApplicationLink): Promise<ExtractResult> {
  const notFound = (message: string): ExtractResult => ({ type: 'error', data: { url, message } });
  switch (link.kind) {
    case 'entry':
    case 'comment': {
      const entry = await readEntry(ctx, viewer, link.kind === 'entry' ? link.id : link.entryId);
      // A card goes into what others read: a private community's entry never makes one, even for its members.
      if (!entry || entry.removed || entry.subsite.is_private) return notFound(messages.extractEntryNotFound);
      const entryUrl = absoluteUrl(ctx, entry.url);
      const author = {
        name: entry.author.name,
        url: absoluteUrl(ctx, entry.author.url),
        avatar_url: absolute(ctx, entry.author.avatar_url),
      };
      if (link.kind === 'entry') {
        return {
          type: 'entry',
          data: {
            id: entry.id,
            url: entryUrl,
            title: entry.title,
            description: truncate(entry.intro, DESCRIPTION_MAX),
            image: entryImage(ctx, entry),
            date: entry.date,
            author,
            subsite: { name: entry.subsite.name, url: absoluteUrl(ctx, entry.subsite.url) },
          },
        };
      }
      const comment = await q.findEntryComment(ctx.db, entry.id, link.commentId);
      if (!comment || comment.removed) return notFound(messages.extractCommentNotFound);
      return {
        type: 'comment',
        data: {
          id: comment.id,
          url: `${entryUrl}?comment=${comment.id}`,
          text: truncate(comment.text, DESCRIPTION_MAX),
          date: comment.created_at.toISOString(),
          author: {
            name: comment.author_name,
            url: absoluteUrl(
              ctx,
              subsiteUrl({ id: comment.author_id, type: comment.author_type, slug: comment.author_slug }),
            ),
            avatar_url: absolute(ctx, comment.author_avatar),
          },
          entry: { id: entry.id, title: entry.title, url: entryUrl },
        },
      };
    }
    case 'subsite':
    case 'community': {
      const s =
        link.kind === 'subsite' ? await subsites.byId(ctx, link.id) : await subsites.communityBySlug(ctx, link.slug);
      if (!s) return notFound(messages.subsiteNotFound);
      return {
        type: 'subsite',
        data: {
          id: s.id,
          url: absoluteUrl(ctx, subsiteUrl(s)),
          type: s.type,
          name: s.name,
          description: truncate(s.description ?? '', DESCRIPTION_MAX),
          avatar_url: absolute(ctx, s.avatarUrl),
        },
      };
    }
    case 'other':
      return { type: 'link', data: siteCard(ctx, url, ui.siteName, ui.siteTagline, null) };
  }
}

function siteCard(ctx: Ctx, url: string, title: string, description: string, image: ExtractImage | null): LinkCard {
  return { url, title, description, image, favicon: `${ctx.config.publicUrl}/favicon.ico`, site_name: ui.siteName };
}

/** `forceLink`: our own entry, comment or subsite shown as an ordinary link card. */
function asLinkCard(ctx: Ctx, card: ExtractResult): LinkCard {
  switch (card.type) {
    case 'entry':
      return siteCard(ctx, card.data.url, card.data.title || ui.siteName, card.data.description, card.data.image);
    case 'comment':
      return siteCard(ctx, card.data.url, card.data.entry.title || ui.extract.comment, card.data.text, null);
    case 'subsite': {
      const avatar = card.data.avatar_url ? { uuid: card.data.avatar_url, width: 0, height: 0 } : null;
      return siteCard(ctx, card.data.url, card.data.name, card.data.description, avatar);
    }
    case 'link':
      return card.data;
    default:
      throw new Error(`no link card for ${card.type}`);
  }
}
