import { FILE_TYPE, isAudioType, type MediaFile, type MediaImage } from './media.ts';

/**
 * What the upload pickers offer and what an upload becomes in a block: the editor's and the messenger's, apart from
 * media.ts, whose addresses every reader's page carries. The server still judges a file by its content.
 */

/** What the editor's audio picker and drop accept. */
export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
];

/** What the messenger's paperclip offers besides pictures, video and sound. */
export const FILE_ACCEPT = '.pdf,.zip,.7z,.gz,.rar,.tar,.rtf,.epub,.docx,.xlsx,.pptx,.odt,.ods,.odp,.txt,.csv,.md,.log';

export const isMediaFile = (item: { type: string }): item is MediaFile => item.type === FILE_TYPE;

/**
 * A gallery item's picture as the upload answered it (what the editor saves): the type and length let the entry
 * share it (og:image, the RSS enclosure), the colour paints its place while it loads.
 */
export const blockImage = (m: MediaImage) => ({
  uuid: m.uuid,
  width: m.width,
  height: m.height,
  ...(isAudioType(m.type) ? {} : { type: m.type }),
  ...(Number.isInteger(m.size) ? { size: m.size } : {}),
  ...(/^[0-9a-f]{6}$/i.test(m.color) ? { color: m.color } : {}),
});
