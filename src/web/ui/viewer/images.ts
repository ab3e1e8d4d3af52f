import { mediaUrl, type MediaType } from '../../../shared/media.ts';

/**
 * Image entities (spec/foundation.md §3) turned into addresses: sizes by the width buckets and retina rule of §9
 * (`mediaUrl` applies them), webp where the browser takes it, mp4 for gifs, and the viewer's items (§2, §3).
 */

/** An uploaded image (uuid in the media store) or an outside one (url), with its original size when known. */
export interface ImageEntity {
  uuid?: string;
  url?: string;
  width: number;
  height: number;
  /** Dominant colour, six hex digits. */
  color?: string;
  type?: MediaType;
}

/** The item of the fullscreen viewer (spec/foundation.md §3). `src` is the original: download and 1:1 zoom use it. */
export interface ViewerItem {
  src: string;
  preview_src: string;
  width: number;
  height: number;
  title?: string;
  author?: string;
  video_src?: string;
  color?: string;
}

/** The viewer's stand-in while the original loads (spec/foundation.md §2: 'A resize preview uses 680 px'). */
export const VIEWER_PREVIEW_WIDTH = 680;

/** The box a picture fills on the page, in CSS pixels; with a height it is cut to that shape (gallery tiles). */
export interface Slot {
  width: number;
  height?: number;
}

export interface PictureSources {
  /** The fallback `<img>`: the original's format (jpg for webp originals, which only webp browsers read). */
  src: string;
  srcSet?: string;
  /** The `<source type="image/webp">` candidates; absent for outside images. */
  webpSrcSet?: string;
  /** gifs play as a muted looping mp4. */
  videoSrc?: string;
}

export const isGif = (image: ImageEntity) => image.type === 'gif' && Boolean(image.uuid);

/** Never ask for more pixels than the original has: a small picture keeps its own size and shape. */
function fitted(image: ImageEntity, slot: Slot): Slot {
  const scale = image.width > 0 ? Math.min(1, image.width / slot.width) : 1;
  return {
    width: Math.max(1, Math.round(slot.width * scale)),
    height: slot.height === undefined ? undefined : Math.max(1, Math.round(slot.height * scale)),
  };
}

/**
 * Addresses for a picture shown in `slot`: 1x and 2x candidates (the browser picks by its pixel ratio, which is the
 * retina rule of §9), in webp through `<picture>` (browsers without webp take the fallback; see docs/modules/media.md).
 */
export function pictureSources(base: string, image: ImageEntity, slot: Slot): PictureSources {
  if (!image.uuid) return { src: image.url ?? '' };
  const { width, height } = fitted(image, slot);
  const uuid = image.uuid;
  const url = (opts: { format?: 'webp' | 'jpg' | 'mp4'; retina?: boolean }) =>
    mediaUrl(base, uuid, { width, height, crop: height !== undefined, ...opts });
  if (isGif(image)) return { src: url({ format: 'jpg' }), videoSrc: url({ format: 'mp4' }) };
  const fallback = image.type === 'webp' ? 'jpg' : undefined;
  return {
    src: url({ format: fallback }),
    srcSet: `${url({ format: fallback })} 1x, ${url({ format: fallback, retina: true })} 2x`,
    webpSrcSet: `${url({ format: 'webp' })} 1x, ${url({ format: 'webp', retina: true })} 2x`,
  };
}

/** One viewer item per picture: the original, its 680 px preview, and the mp4 of a gif. */
export function viewerItem(
  base: string,
  image: ImageEntity,
  caption: { title?: string; author?: string } = {},
): ViewerItem {
  const original = image.uuid ? mediaUrl(base, image.uuid) : (image.url ?? '');
  return {
    src: original,
    preview_src: image.uuid
      ? mediaUrl(base, image.uuid, { width: Math.min(VIEWER_PREVIEW_WIDTH, image.width || VIEWER_PREVIEW_WIDTH) })
      : original,
    width: image.width,
    height: image.height,
    ...(caption.title ? { title: caption.title } : {}),
    ...(caption.author ? { author: caption.author } : {}),
    ...(isGif(image) && image.uuid ? { video_src: mediaUrl(base, image.uuid, { format: 'mp4' }) } : {}),
    ...(image.color ? { color: image.color } : {}),
  };
}

/** spec/foundation.md §2: the image takes 90% of the window, or all of it when the window is under 1000 px wide. */
export const VIEWER_WIDE_FROM = 1000;
export const VIEWER_SHARE = 0.9;

/**
 * The size an item is shown at in a window: as large as the share allows, never above its own size (a small
 * picture is not blown up). Unknown sizes answer null: the picture then keeps to the box by CSS alone.
 */
export function viewerFit(item: Pick<ViewerItem, 'width' | 'height'>, windowWidth: number, windowHeight: number) {
  if (!(item.width > 0 && item.height > 0)) return null;
  const share = windowWidth < VIEWER_WIDE_FROM ? 1 : VIEWER_SHARE;
  const scale = Math.min(1, (windowWidth * share) / item.width, (windowHeight * share) / item.height);
  return { width: Math.round(item.width * scale), height: Math.round(item.height * scale), scale };
}

/** Zoom to 1:1 is offered only when the original size is known and larger than the fitted picture (spec/content.md §4). */
export const canZoom = (fit: ReturnType<typeof viewerFit>) => fit !== null && fit.scale < 1;

/**
 * Gallery data as stored: a list of items each with an image entity. Anything else is logged as the spec words it
 * ('Wrong gallery data format', spec/foundation.md §5) and shown as nothing rather than breaking the page.
 */
export function galleryItems<T extends { image: ImageEntity }>(data: unknown): T[] {
  const items = (data as { items?: unknown } | null)?.items;
  const valid =
    Array.isArray(items) &&
    items.every((i) => {
      const image = (i as { image?: ImageEntity } | null)?.image;
      return image && typeof image === 'object' && (typeof image.uuid === 'string' || typeof image.url === 'string');
    });
  if (!valid) {
    console.error('Wrong gallery data format', data);
    return [];
  }
  return items as T[];
}
