import type { BlockOf } from '../../../../shared/blocks.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { mediaUrl } from '../../../../shared/media.ts';
import type { ContractInput } from '../../../../shared/api/contract.ts';
import type { uploadVideo, videoState, VideoUpload } from '../../../../shared/api/media.ts';
import { call } from '../../../api/call.ts';
import { mediaBaseUrl } from '../../../lib/media.ts';
import { h } from './dom.ts';

/**
 * An uploaded video in the editor (issue 28): the file goes to `POST /andropov/upload/video`, which answers at once
 * with the uuid and «processing»; the block then asks `GET /andropov/upload/video/{uuid}` once a second and shows
 * the job's percent, the player when the mp4 is made, or the Russian reason it was not.
 */

const t = ui.writing.editor.tools;
type VideoData = Partial<BlockOf<'video'>['data']>;
const POLL_MS = 1000;

/** The picker's video types: what the server takes (by the bytes; the type here only sorts the picked files). */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
export const isVideoFile = (f: File) => VIDEO_TYPES.includes(f.type) || /\.(mp4|mov|webm)$/i.test(f.name);

/** Sends one video; null when refused (the request layer has told why in a toast). */
export async function uploadVideoFile(file: File, onProgress?: (sent: number) => void): Promise<VideoUpload | null> {
  const result = await call<typeof uploadVideo>(
    'POST /andropov/upload/video',
    // The file travels as the multipart part `file`; the contract names the parts the server collected (`files`).
    { file } as unknown as ContractInput<typeof uploadVideo>,
    { format: 'multipart', onProgress },
  );
  return result.ok ? result.data.result : null;
}

/** The block's data for an answer of the upload (its size and sound once known). */
export function videoDataOf(v: VideoUpload): VideoData {
  return {
    mp4: v.uuid,
    ...(v.width ? { width: v.width } : {}),
    ...(v.height ? { height: v.height } : {}),
    ...(v.has_audio !== undefined ? { has_audio: v.has_audio } : {}),
  };
}

/**
 * The view of an uploaded video's block. `onReady` gets the made video's data (the block saves it); polling stops
 * when the block leaves the page.
 */
export function uploadedVideoView(data: VideoData, onReady: (d: VideoData) => void): HTMLElement {
  const root = h('div', { className: 'ed-uvideo', 'data-testid': 'editor-uploaded-video' });
  const uuid = data.mp4 ?? '';

  const player = (size: VideoData = data) => {
    root.dataset.state = 'ready';
    const frame = h('div', { className: 'ed-uvideo__frame' });
    frame.style.aspectRatio = size.width && size.height ? `${size.width} / ${size.height}` : '16 / 9';
    frame.append(
      h('video', {
        className: 'ed-uvideo__player',
        src: mediaUrl(mediaBaseUrl(), uuid),
        poster: mediaUrl(mediaBaseUrl(), uuid, { width: 640, format: 'jpg' }),
        controls: true,
        preload: 'metadata',
        playsInline: true,
        'data-testid': 'editor-video-player',
      }),
    );
    root.replaceChildren(frame);
  };
  const processing = (percent: number) => {
    root.dataset.state = 'processing';
    const bar = h('progress', { className: 'ed-uvideo__bar', max: 100, value: percent });
    bar.setAttribute('aria-label', t.videoProcessing(percent));
    root.replaceChildren(
      h('div', { className: 'ed-uvideo__busy', role: 'status' }, [
        h('span', { text: t.videoProcessing(percent), 'data-testid': 'editor-video-progress' }),
        bar,
      ]),
    );
  };
  const failed = (why: string) => {
    root.dataset.state = 'failed';
    root.replaceChildren(
      h('div', {
        className: 'ed-uvideo__error',
        role: 'alert',
        text: t.videoFailed(why),
        'data-testid': 'editor-video-error',
      }),
    );
  };

  let started = false;
  const ask = async () => {
    // Not yet on the page (Editor.js inserts the view after render) or gone from it: wait, or stop.
    if (!root.isConnected) {
      if (started) return;
      setTimeout(() => void ask(), POLL_MS / 4);
      return;
    }
    started = true;
    const res = await call<typeof videoState>('GET /andropov/upload/video/:uuid', { uuid }, { notify: false });
    if (!res.ok) {
      // Not this person's upload (an editor opening someone's entry, or a video uploaded before the job): the mp4 is
      // there as the entry has it.
      return player();
    }
    const v = res.data.result;
    if (v.state === 'ready') {
      onReady(videoDataOf(v));
      return player(videoDataOf(v));
    }
    if (v.state === 'failed') return failed(v.error ?? '');
    processing(v.progress);
    setTimeout(() => void ask(), POLL_MS);
  };

  // An entry's saved video with its size is made already; anything else asks the job.
  if (data.width && data.height) player();
  else {
    processing(0);
    void ask();
  }
  return root;
}
