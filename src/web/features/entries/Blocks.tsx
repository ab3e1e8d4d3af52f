import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Block, BlockOf } from '../../../shared/blocks.ts';
import { entriesShownUi, galleryDotsUi } from '../../../shared/catalogue/shown.ts';
import { typograph } from '../../../shared/format.ts';
import { linkHashtagsHtml } from '../../../shared/hashtags.ts';
import { useHashtagClicks } from '../discovery/hashtagClicks.ts';
import { mediaBaseUrl } from '../../lib/media.ts';
import { LazyPicture } from '../../ui/viewer/LazyPicture.tsx';
import { galleryItems, pictureSources, viewerItem, type Slot } from '../../ui/viewer/images.ts';

// The fullscreen viewer's code loads when a reader opens a picture.
const Viewer = lazy(() => import('../../ui/viewer/Viewer.tsx').then((m) => ({ default: m.Viewer })));
/**
 * A quiz's code (its view, batching, fingerprint and styles) and the donation block's load only on a page that shows
 * one: most entries have neither (the phone's script budget).
 */
const QuizBlock = lazy(() => import('../quiz/QuizBlock.tsx'));
const AudioBlock = lazy(() => import('../audio/AudioBlock.tsx'));
const VideoBlock = lazy(() => import('../video/VideoBlock.tsx'));
const DonationBlock = lazy(() => import('../billing/DonationBlock.tsx').then((m) => ({ default: m.DonationBlock })));

/**
 * The body of an entry, block by block. Inline-HTML fields were sanitized by the server when saved
 * and are set as HTML; every other string is rendered as text (React escapes it).
 */
/** What the fullscreen viewer shows under a picture that has no title or author of its own: the entry's. */
export interface ViewerCaption {
  title?: string;
  author?: string;
}

/** The entry the blocks belong to, for blocks that act on it (the donation block). */
export interface BlocksEntry {
  id: number;
  authorId: number;
  /** The entry's address and its audio blocks' listens by hash (the audio player shows and links them). */
  url?: string;
  listens?: Record<string, number>;
}

export function EntryBlocks({
  blocks,
  caption,
  entry,
}: {
  blocks: Block[];
  caption?: ViewerCaption;
  entry?: BlocksEntry;
}) {
  const onClick = useHashtagClicks();
  return (
    <div className="entry-blocks" data-testid="entry-blocks" onClick={onClick}>
      {blocks.map((b, i) => {
        const content = <BlockView block={b} caption={caption} entry={entry} />;
        return (
          <div key={i} className={`eb eb-${b.type}`} data-block={b.type}>
            {b.hidden ? <Spoiler>{content}</Spoiler> : content}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Non-breaking spaces after short words in inline HTML: tags stand aside as a placeholder character while
 * the text is set, so attributes stay intact and 'с <b>жирным</b>' still binds.
 */
const TAG_MARK = '\uE000';
function typographHtml(html: string): string {
  const tags: string[] = [];
  const text = html.replace(/\uE000/g, '').replace(/<[^>]*>/g, (tag) => {
    tags.push(tag);
    return TAG_MARK;
  });
  let i = 0;
  return typograph(text).replace(/\uE000/g, () => tags[i++]);
}
/** Inline HTML as set: typography, then `#тег` turned into links to the tag's feed (src/shared/hashtags.ts). */
const html = (s: string) => ({ __html: linkHashtagsHtml(typographHtml(s)) });
/** Addresses in plain fields were checked on save; the renderer still refuses anything but http(s). */
const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);
const hostOf = (u: string) => {
  try {
    return new URL(u).host.replace(/^www\./, '');
  } catch {
    return u;
  }
};

function BlockView({ block: b, caption, entry }: { block: Block; caption?: ViewerCaption; entry?: BlocksEntry }) {
  switch (b.type) {
    case 'text':
      return <p dangerouslySetInnerHTML={html(b.data.text)} />;
    case 'header':
      return b.data.level === 3 ? <h3>{typograph(b.data.text)}</h3> : <h2>{typograph(b.data.text)}</h2>;
    case 'list': {
      const items = b.data.items.map((item, i) => <li key={i} dangerouslySetInnerHTML={html(item)} />);
      return b.data.style === 'ordered' ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return (
        <blockquote>
          <p dangerouslySetInnerHTML={html(b.data.text)} />
          {b.data.caption && <cite>{typograph(b.data.caption)}</cite>}
        </blockquote>
      );
    case 'incut':
      return <div className="eb-incut-text" dangerouslySetInnerHTML={html(b.data.text)} />;
    case 'media':
      return <Media data={b.data} caption={caption} />;
    case 'video':
      // The player (features/video) loads only where a video block is.
      return (
        <Suspense fallback={<div className="eb-video-placeholder" />}>
          <VideoBlock data={b.data} />
        </Suspense>
      );
    case 'link': {
      const url = safeUrl(b.data.url);
      const image = safeUrl(b.data.image);
      return (
        <a className="eb-link-card" href={url} target="_blank" rel="nofollow noopener">
          <span className="eb-link-body">
            {b.data.title && <span className="eb-link-title">{typograph(b.data.title)}</span>}
            {b.data.description && <span className="eb-link-description">{typograph(b.data.description)}</span>}
            <span className="eb-link-host">{hostOf(b.data.url)}</span>
          </span>
          {image && <img className="eb-link-image" src={image} alt="" loading="lazy" />}
        </a>
      );
    }
    case 'code':
      return (
        <pre data-lang={b.data.lang || undefined}>
          <code>{b.data.text}</code>
        </pre>
      );
    case 'delimiter':
      return <hr aria-hidden />;
    case 'audio':
      // The page's one player (features/audio) loads only where an audio block is.
      return (
        <Suspense fallback={<div className="au-placeholder" />}>
          <AudioBlock
            data={b.data}
            entry={entry && { id: entry.id, url: entry.url, listens: b.data.hash ? entry.listens?.[b.data.hash] : 0 }}
          />
        </Suspense>
      );
    case 'warning':
      return (
        <div className="eb-warning-box" role="note">
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden className="eb-warning-icon">
            <path d="M12 3 2 20h20L12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            <path d="M12 10v4m0 3v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <div>
            <div className="eb-warning-title">{typograph(b.data.title)}</div>
            <div className="eb-warning-text" dangerouslySetInnerHTML={html(b.data.text)} />
          </div>
        </div>
      );
    case 'number':
      return (
        <div className="eb-number-box">
          <div className="eb-number-value">{b.data.number}</div>
          <div className="eb-number-title">{typograph(b.data.title)}</div>
        </div>
      );
    case 'person': {
      const image = safeUrl(b.data.image);
      return (
        <div className="eb-person-box">
          {image && <img className="eb-person-image" src={image} alt="" loading="lazy" width={64} height={64} />}
          <div>
            <div className="eb-person-name">{typograph(b.data.name)}</div>
            {b.data.description && <div className="eb-person-description">{typograph(b.data.description)}</div>}
          </div>
        </div>
      );
    }
    case 'donation':
      return (
        <Suspense fallback={null}>
          <DonationBlock entryId={entry?.id} authorId={entry?.authorId} title={b.data.title} />
        </Suspense>
      );
    case 'quiz':
      return (
        <Suspense fallback={null}>
          <QuizBlock quiz={b.data} entryId={entry?.id} />
        </Suspense>
      );
    default:
      return null;
  }
}

/** A gallery shows at most this many tiles; the last one tells how many more the viewer holds. */
const GALLERY_TILES = 5;
/** CSS pixels the pictures take: the entry column (a card's cover is as wide), and gallery tiles in two columns. */
const SINGLE_SLOT: Slot = { width: 640 };
const WIDE_TILE: Slot = { width: 640, height: 360 };
const TILE: Slot = { width: 320, height: 240 };

type MediaItem = BlockOf<'media'>['data']['items'][number];

/**
 * One picture or a gallery (an odd count puts the first tile across both columns). A click on any picture opens
 * the fullscreen viewer at it with every picture of the block.
 */
function Media({ data, caption }: { data: BlockOf<'media'>['data']; caption?: ViewerCaption }) {
  const [open, setOpen] = useState<number | null>(null);
  const items = galleryItems<MediaItem>(data);
  if (!items.length) return null;
  const base = mediaBaseUrl();
  const gallery = items.length > 1;
  const tiles = items.slice(0, gallery ? GALLERY_TILES : 1);
  return (
    <div className={`eb-media-grid${gallery ? ' eb-media-grid--gallery' : ''}`} data-count={items.length}>
      {tiles.map((item, i) => {
        const { image } = item;
        const slot = !gallery ? SINGLE_SLOT : i === 0 && tiles.length % 2 === 1 ? WIDE_TILE : TILE;
        const more = gallery && i === tiles.length - 1 ? items.length - tiles.length : 0;
        return (
          <figure key={i} className={slot === WIDE_TILE ? 'eb-media-wide' : undefined}>
            <LazyPicture
              sources={pictureSources(base, image, slot)}
              width={slot.height ? slot.width : image.width}
              height={slot.height ?? image.height}
              maxWidth={gallery ? undefined : image.width}
              color={image.color}
              alt={item.title ?? ''}
              label={galleryDotsUi.goTo(i + 1)}
              onOpen={() => setOpen(i)}
            />
            {more > 0 && (
              <span className="eb-media-more" aria-hidden>
                +{more}
              </span>
            )}
            {!gallery && (item.title || item.author) && (
              <figcaption>
                {item.title && <span>{typograph(item.title)}</span>}
                {item.author && <span className="eb-media-author">{item.author}</span>}
              </figcaption>
            )}
          </figure>
        );
      })}
      {open !== null && (
        <Suspense fallback={null}>
          <Viewer
            items={items.map((item) =>
              viewerItem(base, item.image, {
                title: item.title || caption?.title,
                author: item.author || caption?.author,
              }),
            )}
            start={open}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

function Spoiler({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`eb-spoiler ${open ? 'eb-spoiler--open' : ''}`} data-testid="spoiler">
      {!open && (
        <button type="button" className="eb-spoiler-button" onClick={() => setOpen(true)}>
          {entriesShownUi.showSpoiler}
        </button>
      )}
      <div className="eb-spoiler-content" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
