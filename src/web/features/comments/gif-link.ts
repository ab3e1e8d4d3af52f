/**
 * A link the attach-gif modal takes: http(s), its path ending in .gif or .mp4 (spec/foundation.md: «Image or video
 * URL must end in jpeg, jpg, gif, png or mp4»; of those, a gif's). The server then judges the bytes.
 */
export const isGifLink = (value: string): boolean => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && /\.(gif|mp4)$/i.test(url.pathname);
  } catch {
    return false;
  }
};
