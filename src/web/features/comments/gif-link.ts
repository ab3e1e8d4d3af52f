/**
 * A link the attach-gif modal takes: http(s), its path ending in .gif (spec/foundation.md: «Image or video URL must
 * end in jpeg, jpg, gif, png or mp4»; of those, a gif's: the server keeps only a gif, which it plays as mp4). The
 * server then judges the bytes (`POST /andropov/upload/gif`).
 */
export const isGifLink = (value: string): boolean => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && /\.gif$/i.test(url.pathname);
  } catch {
    return false;
  }
};
