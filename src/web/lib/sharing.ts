import type { MetaDescriptor } from 'react-router';
import { siteName } from '../../shared/catalogue/site.ts';
import type { Entry } from '../../shared/entries.ts';
import { isDirectSrc, mediaUrl } from '../../shared/media.ts';

/**
 * What a link preview (OpenGraph, Twitter cards) shows of a page. Pictures are 1200×630, the size the big
 * previews use: an entry's cover as a derivative of that size, and the site's own picture for every other page.
 */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export interface ShareImage {
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/** The site's picture (`/og-image.png`, drawn from the logo): pages without a picture of their own show it. */
export const siteImage = (publicUrl: string): ShareImage => ({
  url: `${publicUrl}/og-image.png`,
  width: SHARE_WIDTH,
  height: SHARE_HEIGHT,
  alt: siteName,
});

/** Pictures the media filters can cut to 1200×630 (a clip cannot). */
const CUTTABLE = ['jpg', 'png', 'gif', 'webp'];

/**
 * The entry's cover (the block flagged `cover`, else its first media block) as a 1200×630 JPEG, an absolute URL;
 * a picture from another site is named as it is; null when the entry has no picture.
 */
export function entryImage(entry: Entry, publicUrl: string, mediaBase: string): ShareImage | null {
  const pictures = entry.blocks.filter((b) => b.type === 'media' && !b.hidden);
  const block = pictures.find((b) => b.cover) ?? pictures[0];
  const image = block?.type === 'media' ? block.data.items[0]?.image : undefined;
  if (!image) return null;
  const alt = entry.title || siteName;
  const { uuid, url, type } = image as { uuid?: string; url?: string; type?: string };
  // An outside picture keeps its address (its size is unknown); an inline one has none to give.
  const direct = url ?? (uuid && isDirectSrc(uuid) ? uuid : undefined);
  if (direct !== undefined) return direct.startsWith('http') ? { url: direct, alt } : null;
  if (!uuid) return null;
  if (!type || !CUTTABLE.includes(type)) return null;
  const src = mediaUrl(mediaBase, uuid, { width: SHARE_WIDTH, height: SHARE_HEIGHT, crop: true, format: 'jpg' });
  return { url: src.startsWith('/') ? publicUrl + src : src, width: SHARE_WIDTH, height: SHARE_HEIGHT, alt };
}

export interface Sharing {
  type: 'website' | 'article' | 'profile';
  title: string;
  description: string;
  /** The page's canonical address. */
  url: string;
  image: ShareImage;
  /** A square picture (an avatar) makes a small preview; 1200×630 a large one. */
  small?: boolean;
}

/** The OpenGraph and Twitter card tags of a page. */
export function sharingMeta(s: Sharing): MetaDescriptor[] {
  const { image } = s;
  return [
    { property: 'og:type', content: s.type },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:title', content: s.title },
    { property: 'og:description', content: s.description },
    { property: 'og:url', content: s.url },
    { property: 'og:image', content: image.url },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: s.small ? 'summary' : 'summary_large_image' },
  ];
}
