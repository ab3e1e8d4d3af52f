import type { BlockAPI, BlockToolOptions, PasteEvent } from '../editorjs-types.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { formatTimecode } from '../../../../shared/format.ts';
import { isAudioType, mediaUrl } from '../../../../shared/media.ts';
import { AUDIO_MIME_TYPES } from '../../../../shared/media-upload.ts';
import { mediaBaseUrl } from '../../../lib/media.ts';
import { toast } from '../../../ui/overlays/toasts.tsx';
import { QUIZ_HASH_LENGTH, randomAlphanumerics } from '../../../../shared/quiz.ts';
import { ICONS, h, plainInput } from './dom.ts';
import { showProgress, uploadFiles } from './media.ts';

const t = ui.writing.editor.tools;
/** The picker also names extensions: some systems give .m4a or .opus files no audio type. */
const ACCEPT = [...AUDIO_MIME_TYPES, '.mp3', '.m4a', '.ogg', '.opus', '.wav'].join(',');
const isAudioFile = (f: File) => AUDIO_MIME_TYPES.includes(f.type) || /\.(mp3|m4a|ogg|opus|wav)$/i.test(f.name);

/** What the tool holds: an uploaded file (uuid and what the upload answered) or an address; the title either way. */
interface AudioData {
  uuid?: string;
  url?: string;
  title?: string;
  duration?: number;
  size?: number;
  type?: string;
  /** An uploaded picture's uuid. */
  cover?: string;
  author?: string;
  /** Names the block for its listens; made once, kept through edits. */
  hash?: string;
}

/**
 * The audio block: a file uploaded to the media store (the button, a drop onto the block, or an audio file dropped
 * or pasted anywhere in the editor, which Editor.js hands to this tool), or a link to a file on another site.
 */
export class AudioTool {
  static get toolbox() {
    return { title: t.audio, icon: ICONS.audio };
  }
  static get isReadOnlySupported() {
    return true;
  }
  static get sanitize() {
    return { uuid: true, url: true, title: true, type: true, cover: true, author: true, hash: true };
  }
  static get pasteConfig() {
    return { files: { mimeTypes: AUDIO_MIME_TYPES, extensions: ['mp3', 'm4a', 'ogg', 'opus', 'wav'] } };
  }

  private data: AudioData;
  /** The picked file's name, known only until the page is left: blocks do not keep it. */
  private fileName = '';
  private busy = false;
  private readonly block: BlockAPI;
  private readonly readOnly: boolean;
  private readonly root = h('div', { className: 'ed-audio', 'data-testid': 'editor-audio' });
  private readonly url: HTMLInputElement;
  private readonly title: HTMLInputElement;
  private readonly author: HTMLInputElement;

  constructor({ data, block, readOnly }: BlockToolOptions<AudioData>) {
    this.data = { ...data, hash: data?.hash || randomAlphanumerics(QUIZ_HASH_LENGTH) };
    this.block = block;
    this.readOnly = readOnly;
    this.url = plainInput('ed-audio__url', t.audioUrl, data?.url ?? '', 'editor-audio-url');
    this.title = plainInput('ed-audio__title', t.audioTitle, data?.title ?? '', 'editor-audio-title');
    this.author = plainInput('ed-audio__author', t.audioAuthor, data?.author ?? '', 'editor-audio-author');
    this.url.readOnly = this.title.readOnly = this.author.readOnly = readOnly;
  }

  render(): HTMLElement {
    this.root.addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    });
    this.root.addEventListener('drop', (e) => {
      const file = [...(e.dataTransfer?.files ?? [])].find(isAudioFile);
      if (!file || this.readOnly) return;
      e.preventDefault();
      e.stopPropagation();
      void this.upload(file);
    });
    this.draw();
    return this.root;
  }

  private async upload(file: File) {
    this.busy = true;
    this.draw();
    const [media] = await uploadFiles([file], (sent) => showProgress(this.root, '.ed-audio__busy', sent));
    this.busy = false;
    if (media && !isAudioType(media.type)) toast.show(t.audioNotAudio, { type: 'error' });
    else if (media) {
      const { cover, hash } = this.data;
      this.data = { uuid: media.uuid, duration: media.duration, size: media.size, type: media.type, cover, hash };
      this.fileName = file.name;
      this.url.value = '';
    }
    this.draw();
    // An upload does not touch Editor.js's DOM observer; this tells it (autosave listens).
    if (media) this.block.dispatchChange();
  }

  private picker(): HTMLElement {
    const input = h('input', { type: 'file', accept: ACCEPT, hidden: true, 'data-testid': 'editor-audio-file' });
    input.addEventListener('change', () => {
      const [file] = input.files ?? [];
      input.value = '';
      if (file) void this.upload(file);
    });
    return h('label', { className: 'btn btn-primary ed-audio__pick' }, [input, t.audioUpload]);
  }

  /** The uploaded file: a player to check it, what it is, and a way back to the empty block. */
  private fileView(uuid: string): HTMLElement {
    const { duration, type } = this.data;
    const info = [this.fileName, duration !== undefined ? formatTimecode(duration) : '', type?.toUpperCase() ?? '']
      .filter(Boolean)
      .join(' · ');
    const remove = h('button', {
      type: 'button',
      className: 'ed-audio__remove',
      title: t.audioRemove,
      'aria-label': t.audioRemove,
    });
    remove.innerHTML = ICONS.remove;
    remove.addEventListener('click', () => {
      this.data = { cover: this.data.cover, hash: this.data.hash };
      this.fileName = '';
      this.draw();
      this.block.dispatchChange();
    });
    return h('div', { className: 'ed-audio__file' }, [
      h('audio', {
        controls: true,
        preload: 'metadata',
        src: mediaUrl(mediaBaseUrl(), uuid),
        'data-testid': 'editor-audio-player',
      }),
      h('div', { className: 'ed-audio__info' }, [
        h('span', { text: info, 'data-testid': 'editor-audio-info' }),
        this.readOnly ? null : remove,
      ]),
    ]);
  }

  private draw() {
    const { uuid } = this.data;
    const parts: (HTMLElement | null)[] = [];
    if (uuid) parts.push(this.fileView(uuid));
    else if (this.busy)
      parts.push(h('div', { className: 'ed-audio__busy', text: t.uploading, 'data-testid': 'editor-audio-busy' }));
    else if (!this.readOnly) {
      parts.push(
        h('div', { className: 'ed-audio__empty' }, [
          h('p', { text: t.audioDrop }),
          this.picker(),
          h('p', { className: 'ed-audio__or', text: t.audioOr }),
        ]),
      );
    }
    // The address stays the alternative to a file until one is uploaded.
    if (!uuid) parts.push(this.url);
    parts.push(this.title, this.author, this.coverView());
    this.root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  /** The cover: an uploaded picture shown small, or a button to pick one. */
  private coverView(): HTMLElement {
    const { cover } = this.data;
    if (cover) {
      const remove = h('button', { type: 'button', className: 'btn ed-audio__cover-remove', text: t.audioCoverRemove });
      remove.addEventListener('click', () => {
        this.data = { ...this.data, cover: undefined };
        this.draw();
        this.block.dispatchChange();
      });
      return h('div', { className: 'ed-audio__cover' }, [
        h('img', {
          src: mediaUrl(mediaBaseUrl(), cover, { width: 64, height: 64, crop: true }),
          alt: '',
          width: 64,
          height: 64,
          'data-testid': 'editor-audio-cover',
        }),
        this.readOnly ? null : remove,
      ]);
    }
    if (this.readOnly) return h('div', {});
    const input = h('input', {
      type: 'file',
      accept: 'image/jpeg,image/png,image/webp',
      hidden: true,
      'data-testid': 'editor-audio-cover-file',
    });
    input.addEventListener('change', async () => {
      const [file] = input.files ?? [];
      input.value = '';
      if (!file) return;
      const [media] = await uploadFiles([file]);
      if (!media || isAudioType(media.type) || media.type === 'mp4') return;
      this.data = { ...this.data, cover: media.uuid };
      this.draw();
      this.block.dispatchChange();
    });
    return h('label', { className: 'btn ed-audio__cover-pick' }, [input, t.audioCover]);
  }

  async onPaste(event: PasteEvent) {
    if (event.detail.file) await this.upload(event.detail.file);
  }

  save(): AudioData {
    const title = this.title.value;
    const author = this.author.value;
    const { uuid, duration, size, type, cover, hash } = this.data;
    return uuid
      ? { uuid, duration, size, type, title, author, cover, hash }
      : { url: this.url.value, title, author, cover, hash };
  }
}
