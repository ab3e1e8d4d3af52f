import type { API, BlockAPI, BlockToolOptions, PasteEvent } from '../editorjs-types.ts';
import type { Block, BlockOf } from '../../../../shared/blocks.ts';
import { editorToolOf } from '../convert.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { knownThumbnail, recognizeVideo, resultToBlock, videoBlockData } from '../../../../shared/extract.ts';
import type { extract } from '../../../../shared/api/extract.ts';
import { formatTimecode } from '../../../../shared/format.ts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../ui/overlays/toasts.tsx';
import { ICONS, h, plainInput } from './dom.ts';
import { uploadedVideoView } from './uploaded-video.ts';

const t = ui.writing.editor.tools;

/**
 * A pasted link as a block: `GET /v3.0/andropov/extract` reads the page (title, picture, the video behind it);
 * a video link the server cannot reach still becomes a video block, since the service and id are in the address.
 */
export async function linkToBlock(url: string): Promise<Block | null> {
  const result = await call<typeof extract>('GET /andropov/extract', { urls: [url] }, { notify: false });
  const first = result.ok ? result.data.result[0] : undefined;
  const block = first ? resultToBlock(first) : null;
  if (block) return block;
  const video = recognizeVideo(url);
  if (video)
    return {
      type: 'video',
      data: videoBlockData({ ...video, url, thumbnail: knownThumbnail(video.service, video.id) }),
    };
  toast.show(first?.type === 'error' ? first.data.message : t.extractFailed, { type: 'error' });
  return null;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** An outside picture of a card; one that fails to load leaves the card without it rather than a broken icon. */
function picture(src: string, className = ''): HTMLImageElement {
  const img = h('img', { className, src, alt: '', loading: 'lazy', referrerpolicy: 'no-referrer' });
  img.addEventListener('error', () => img.remove());
  return img;
}

const SERVICE_NAMES = { youtube: 'YouTube', vk: 'VK Видео', vimeo: 'Vimeo', coub: 'Coub' } as const;

type EmbedData = BlockOf<'video'>['data'] | BlockOf<'link'>['data'];

/**
 * The video and link card blocks: an address field until a link is given (typed and Enter, or pasted anywhere
 * in the editor), then a preview of what the entry will show. A link that turns out to be the other kind
 * (a video behind a plain link) replaces the block with the right one.
 */
abstract class EmbedTool<D extends EmbedData> {
  static get isReadOnlySupported() {
    return true;
  }
  static get sanitize() {
    return { service: true, id: true, url: true, thumbnail: true, title: true, description: true, image: true };
  }

  protected abstract readonly kind: 'video' | 'link';
  protected abstract readonly placeholder: string;
  protected abstract preview(data: D): HTMLElement;
  protected data: Partial<D>;
  protected readonly root = h('div', { className: 'ed-embed' });
  private readonly api: API;
  protected readonly block: BlockAPI;
  private readonly readOnly: boolean;

  constructor({ data, api, block, readOnly }: BlockToolOptions<Partial<D>>) {
    this.data = { ...data };
    this.api = api;
    this.block = block;
    this.readOnly = readOnly;
  }

  render(): HTMLElement {
    this.draw();
    return this.root;
  }

  protected draw(busy = false) {
    this.root.replaceChildren();
    if (this.data.url) {
      this.root.append(this.preview(this.data as D));
      return;
    }
    if (this.readOnly) return;
    const input = plainInput('ed-embed__url', this.placeholder, '', `editor-${this.kind}-url`);
    input.disabled = busy;
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      if (input.value.trim()) void this.resolve(input.value.trim());
    });
    this.root.append(input);
    if (busy) this.root.append(h('div', { className: 'ed-embed__busy', text: t.extracting }));
    else queueMicrotask(() => input.focus());
  }

  protected async resolve(url: string) {
    this.draw(true);
    const block = await linkToBlock(url);
    if (!block) return this.draw();
    if (block.type !== this.kind) {
      const index = this.api.blocks.getBlockIndex(this.block.id);
      this.api.blocks.insert(editorToolOf(block.type), block.data, undefined, index, false, true);
      return;
    }
    this.data = block.data as D;
    this.draw();
    this.block.dispatchChange();
  }

  onPaste(event: PasteEvent) {
    void this.resolve((event as CustomEvent<{ data: string }>).detail.data);
  }

  save(): Partial<D> {
    return { ...this.data };
  }
}

export class VideoTool extends EmbedTool<BlockOf<'video'>['data']> {
  static get toolbox() {
    return { title: t.video, icon: ICONS.video };
  }
  static get pasteConfig() {
    return {
      patterns: {
        video:
          /^https?:\/\/(www\.|m\.|music\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|vk\.com|vk\.ru|vkvideo\.ru|vimeo\.com|player\.vimeo\.com|coub\.com)\/\S+$/i,
      },
    };
  }
  protected readonly kind = 'video';
  protected readonly placeholder = t.videoPlaceholder;

  /** An uploaded video (`mp4`) shows its job's progress, then the player; a service's video its card. */
  protected draw(busy = false) {
    if (!this.data.mp4) return super.draw(busy);
    this.root.replaceChildren(
      uploadedVideoView(this.data, (made) => {
        const changed = made.width !== this.data.width || made.height !== this.data.height;
        Object.assign(this.data, made);
        if (changed) this.block.dispatchChange();
      }),
    );
  }

  protected preview(d: BlockOf<'video'>['data']): HTMLElement {
    return h(
      'a',
      {
        className: 'ed-video',
        href: d.url,
        target: '_blank',
        rel: 'noopener nofollow',
        'data-testid': 'editor-video',
        'data-service': d.service,
      },
      [
        d.thumbnail ? picture(d.thumbnail) : null,
        h('span', { className: 'ed-video__play', 'aria-hidden': 'true' }),
        d.title ? h('span', { className: 'ed-video__title', text: d.title }) : null,
        h('span', {
          className: 'ed-video__label',
          text: [
            d.service ? SERVICE_NAMES[d.service] : '',
            d.url ? hostOf(d.url) : '',
            d.timecode ? ui.entries.videoFrom(formatTimecode(d.timecode)) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        }),
      ],
    );
  }
}

export class LinkTool extends EmbedTool<BlockOf<'link'>['data']> {
  static get toolbox() {
    return { title: t.link, icon: ICONS.link };
  }
  static get pasteConfig() {
    return { patterns: { link: /^https?:\/\/[^\s<>"]+$/i } };
  }
  protected readonly kind = 'link';
  protected readonly placeholder = t.linkPlaceholder;

  protected preview(d: BlockOf<'link'>['data']): HTMLElement {
    return h(
      'a',
      { className: 'ed-link', href: d.url, target: '_blank', rel: 'noopener nofollow', 'data-testid': 'editor-link' },
      [
        h('span', { className: 'ed-link__body' }, [
          h('span', { className: 'ed-link__title', text: d.title ?? hostOf(d.url) }),
          d.description ? h('span', { className: 'ed-link__text', text: d.description }) : null,
          h('span', { className: 'ed-link__host', text: hostOf(d.url) }),
        ]),
        d.image ? picture(d.image, 'ed-link__image') : null,
      ],
    );
  }
}
