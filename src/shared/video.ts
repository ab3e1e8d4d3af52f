/**
 * Video blocks' services and player addresses: apart from the block schemas (blocks.ts), so a page that shows entries
 * does not carry the validation library.
 */
export const VIDEO_SERVICES = ['youtube', 'vk', 'vimeo', 'coub'] as const;
export type VideoService = (typeof VIDEO_SERVICES)[number];

/** The player address for a video block, loaded only when the reader presses play. */
export function videoEmbedUrl(v: { service: VideoService; id: string; timecode?: number }): string {
  const id = encodeURIComponent(v.id);
  const t = v.timecode ?? 0;
  switch (v.service) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1${t ? `&start=${t}` : ''}`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}?autoplay=1${t ? `#t=${t}s` : ''}`;
    // A coub is a few seconds long: it has no start time.
    case 'coub':
      return `https://coub.com/embed/${id}?autostart=true`;
    case 'vk': {
      const [oid, vid] = v.id.split(/_(?=[^_]*$)/);
      return `https://vk.com/video_ext.php?oid=${encodeURIComponent(oid)}&id=${encodeURIComponent(vid ?? '')}&autoplay=1${t ? `&t=${t}s` : ''}`;
    }
  }
}
