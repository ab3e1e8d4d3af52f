import type { API, BlockAPI, BlockToolOptions, PasteEvent } from '../editorjs-types.ts';
import type { BlockOf } from '../../../../shared/blocks.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { isAudioType, mediaUrl, type MediaImage, type UploadResultItem } from '../../../../shared/media.ts';
import { blockImage } from '../../../../shared/media-upload.ts';
import type { upload, uploadUrls } from '../../../../shared/api/media.ts';
import { call } from '../../../api/call.ts';
import { mediaBaseUrl } from '../../../lib/media.ts';
import { toast } from '../../../ui/overlays/toasts.tsx';
import { ICONS, h, plainInput } from './dom.ts';
import { isVideoFile, uploadVideoFile, VIDEO_TYPES, videoDataOf } from './uploaded-video.ts';

type MediaItem = BlockOf<'media'>['data']['items'][number];
const t = ui.writing.editor.tools;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The media entities of an upload answer; failed entries are told with their Russian message. */
function entitiesOf(result: UploadResultItem[] | undefined): MediaImage[] {
  const media: MediaImage[] = [];
  for (const r of result ?? []) {
    if (r.type === 'error') toast.show(r.data.message, { type: 'error' });
    else media.push(r.data);
  }
  return media;
}

/** Uploads files through `POST /v3.0/andropov/upload` (`file_0`, `file_1` …): pictures and sounds alike. */
export async function uploadFiles(files: File[], onProgress?: (sent: number) => void): Promise<MediaImage[]> {
  const result = await call<typeof upload>(
    'POST /andropov/upload',
    { file: files },
    { format: 'multipart', onProgress },
  );
  return result.ok ? entitiesOf(result.data.result) : [];
}

/** Pictures as gallery items; a sound that came this way belongs in the audio block, and the author is told so. */
function itemsOf(media: MediaImage[]): MediaItem[] {
  if (media.some((m) => isAudioType(m.type))) toast.show(t.mediaIsAudio, { type: 'error' });
  return media.filter((m) => !isAudioType(m.type)).map((m) => ({ image: blockImage(m) }));
}

const uploadImages = async (files: File[], onProgress?: (sent: number) => void): Promise<MediaItem[]> =>
  itemsOf(await uploadFiles(files, onProgress));

/** 'Загрузка… 45 %' in a busy line while the files go out; the rest of the block is not redrawn for it. */
export function showProgress(root: HTMLElement, selector: string, sent: number) {
  const line = root.querySelector(selector);
  if (line) line.textContent = t.uploadingPercent(Math.min(99, Math.round(sent * 100)));
}

/** Stores pictures of other sites by address (`POST /v3.0/andropov/upload/urls`), so an entry does not hotlink them. */
async function uploadImageUrls(urls: string[]): Promise<MediaItem[]> {
  const result = await call<typeof uploadUrls>('POST /andropov/upload/urls', { urls });
  return result.ok ? itemsOf(entitiesOf(result.data.result)) : [];
}

/**
 * The media block: one image or a gallery, each picture with a caption and an author. Files come from the
 * picker, a drop onto the block, or a paste of images anywhere in the editor (Editor.js hands them to this tool).
 */
export class MediaTool {
  static get toolbox() {
    return { title: t.media, icon: ICONS.media };
  }
  static get isReadOnlySupported() {
    return true;
  }
  static get sanitize() {
    return { items: true };
  }
  static get pasteConfig() {
    return { files: { mimeTypes: IMAGE_TYPES }, tags: [{ img: { src: true } }] };
  }

  private items: MediaItem[];
  private readonly block: BlockAPI;
  private readonly api: API;
  private readonly readOnly: boolean;
  private readonly root = h('div', { className: 'ed-media', 'data-testid': 'editor-media' });
  private busy = 0;

  constructor({ data, block, api, readOnly }: BlockToolOptions<Partial<BlockOf<'media'>['data']>>) {
    this.items = Array.isArray(data?.items) ? data.items.map((i) => ({ ...i })) : [];
    this.block = block;
    this.api = api;
    this.readOnly = readOnly;
  }

  render(): HTMLElement {
    this.root.addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    });
    this.root.addEventListener('drop', (e) => {
      const files = [...(e.dataTransfer?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type) || isVideoFile(f));
      if (!files.length) return;
      e.preventDefault();
      e.stopPropagation();
      this.take(files);
    });
    this.draw();
    return this.root;
  }

  /** Picked or dropped files: pictures join the gallery, each video becomes a video block of its own. */
  private take(files: File[]) {
    const images = files.filter((f) => !isVideoFile(f));
    const videos = files.filter(isVideoFile);
    if (images.length) void this.add((progress) => uploadImages(images, progress));
    if (videos.length) void this.addVideos(videos);
  }

  /**
   * Videos go one by one to their upload (the percent of the bytes sent in the busy line); each answer (the uuid,
   * «processing») becomes a video block after this one, which shows the job's progress. An empty gallery block
   * gives its place to the first video.
   */
  private async addVideos(files: File[]) {
    this.busy += 1;
    this.draw();
    const made = [];
    for (const file of files) {
      const v = await uploadVideoFile(file, (sent) => showProgress(this.root, '.ed-media__busy', sent));
      if (v) made.push(v);
    }
    this.busy -= 1;
    this.draw();
    if (!made.length) return;
    let index = this.api.blocks.getBlockIndex(this.block.id);
    const replace = !this.items.length && !this.busy;
    for (const [i, v] of made.entries()) {
      if (!(replace && i === 0)) index += 1;
      this.api.blocks.insert('video', videoDataOf(v), undefined, index, false, replace && i === 0);
    }
  }

  private async add(upload: (progress: (sent: number) => void) => Promise<MediaItem[]>) {
    this.busy += 1;
    this.draw();
    const added = await upload((sent) => showProgress(this.root, '.ed-media__busy', sent));
    this.busy -= 1;
    this.items.push(...added);
    this.draw();
    if (added.length) this.changed();
  }

  /** Uploads and removals do not touch Editor.js's DOM observer; this tells it (autosave listens). */
  private changed() {
    this.block.dispatchChange();
  }

  private picker(label: string, primary: boolean): HTMLElement {
    const input = h('input', {
      type: 'file',
      accept: [...IMAGE_TYPES, ...VIDEO_TYPES, '.mp4', '.mov', '.webm'].join(','),
      multiple: true,
      hidden: true,
      'data-testid': 'editor-media-file',
    });
    input.addEventListener('change', () => {
      const files = [...(input.files ?? [])];
      input.value = '';
      if (files.length) this.take(files);
    });
    return h('label', { className: `btn ${primary ? 'btn-primary' : 'btn-secondary'} ed-media__pick` }, [input, label]);
  }

  /** «GIF»: the attach-gif modal of the comments (a file or a link), its gif added as a picture of the block. */
  private gifButton(): HTMLElement {
    const button = h('button', {
      type: 'button',
      className: 'btn btn-secondary ed-media__pick',
      text: t.mediaGif,
      title: t.mediaGifTitle,
      'aria-label': t.mediaGifTitle,
      'data-testid': 'editor-media-gif',
    });
    button.addEventListener('click', async () => {
      const { pickGif } = await import('../../comments/AttachGif.tsx');
      const gif = await pickGif();
      if (gif) void this.add(async () => [{ image: blockImage(gif) }]);
    });
    return button;
  }

  private draw() {
    const { root } = this;
    root.replaceChildren();
    root.classList.toggle('ed-media--gallery', this.items.length > 1);
    if (this.items.length) {
      const grid = h('div', { className: 'ed-media__grid' });
      this.items.forEach((item, index) => grid.append(this.itemView(item, index)));
      root.append(grid);
    }
    if (this.busy)
      root.append(h('div', { className: 'ed-media__busy', text: t.uploading, 'data-testid': 'editor-media-busy' }));
    if (this.readOnly) return;
    if (!this.items.length) {
      root.append(
        h('div', { className: 'ed-media__empty' }, [
          h('p', { text: t.mediaDrop }),
          this.picker(t.mediaUpload, true),
          this.gifButton(),
        ]),
      );
    } else {
      root.append(h('div', { className: 'ed-media__more' }, [this.picker(t.mediaAdd, false), this.gifButton()]));
    }
  }

  private itemView(item: MediaItem, index: number): HTMLElement {
    const src = item.image.uuid ? mediaUrl(mediaBaseUrl(), item.image.uuid, { width: 640 }) : (item.image.url ?? '');
    const img = h('img', {
      src,
      alt: item.title ?? '',
      width: item.image.width,
      height: item.image.height,
      loading: 'lazy',
      'data-testid': 'editor-media-image',
    });
    const title = plainInput('ed-media__title', t.mediaTitle, item.title ?? '');
    const author = plainInput('ed-media__author', t.mediaAuthor, item.author ?? '');
    title.addEventListener('input', () => ((item.title = title.value), this.changed()));
    author.addEventListener('input', () => ((item.author = author.value), this.changed()));
    title.readOnly = author.readOnly = this.readOnly;
    const remove = h('button', {
      type: 'button',
      className: 'ed-media__remove',
      title: t.mediaRemove,
      'aria-label': t.mediaRemove,
    });
    remove.innerHTML = ICONS.remove;
    remove.addEventListener('click', () => {
      this.items.splice(index, 1);
      this.draw();
      this.changed();
    });
    return h('figure', { className: 'ed-media__item' }, [
      img,
      this.readOnly ? null : remove,
      h('figcaption', {}, [title, author]),
    ]);
  }

  async onPaste(event: PasteEvent) {
    const { file, data } = event.detail;
    if (file) await this.add((progress) => uploadImages([file], progress));
    // A pasted <img> of another page: stored by its address.
    else if (data instanceof HTMLImageElement && /^https?:\/\//.test(data.src))
      await this.add(() => uploadImageUrls([data.src]));
  }

  save(): BlockOf<'media'>['data'] {
    return { items: this.items.map((i) => ({ ...i })) };
  }
}
