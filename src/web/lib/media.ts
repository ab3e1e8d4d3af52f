/**
 * The media base (`/media` on this host or a CDN) for building image URLs in components; the root loader sets it
 * from the server's configuration before anything renders.
 */
let base = '/media';

export function setMediaBaseUrl(url: string): void {
  base = url;
}

export const mediaBaseUrl = (): string => base;
