import { describe, expect, it } from 'vitest';
import { isGifLink } from './gif-link.ts';

describe('isGifLink', () => {
  it('takes http(s) links whose path ends .gif', () => {
    for (const ok of ['https://example.com/a.gif', 'http://x.ru/b/c.GIF?size=2#f'])
      expect(isGifLink(ok), ok).toBe(true);
  });
  it('refuses other endings, a .gif only in the query, other schemes and non-links', () => {
    for (const bad of [
      'https://example.com/a.png',
      'https://cdn.example.com/v.mp4',
      'https://example.com/a.png?x=.gif',
      'https://example.com/gif',
      'ftp://example.com/a.gif',
      'javascript:alert(1)//a.gif',
      'data:image/gif;base64,R0lGOD.gif',
      'a.gif',
      '',
    ])
      expect(isGifLink(bad), bad).toBe(false);
  });
});
