import { describe, expect, it } from 'vitest';
import { mobilePrefix, swapMobileSegment, swapMobileUrl } from './mobile-path.ts';

describe('the mobile segment (spec/foundation.md §2)', () => {
  it('finds /m and /m-{suffix} only as a whole first segment', () => {
    expect(mobilePrefix('/m')).toBe('/m');
    expect(mobilePrefix('/m/new')).toBe('/m');
    expect(mobilePrefix('/m-app/u/1')).toBe('/m-app');
    expect(mobilePrefix('/m?q=1')).toBe('/m');
    for (const path of ['/', '/mobile', '/m-', '/m-UPPER/new', '/new/m', '/media/x', ''])
      expect(mobilePrefix(path), path).toBe('');
  });

  it('swaps a URL between its mobile and main forms, keeping the query and the fragment', () => {
    const pairs: [string, string][] = [
      ['/new', '/m/new'],
      ['/', '/m'],
      ['/s/cats/12-title?comment=5#c5', '/m/s/cats/12-title?comment=5#c5'],
      ['/search?q=%D0%BA%D0%BE%D1%82', '/m/search?q=%D0%BA%D0%BE%D1%82'],
      ['/?page=2', '/m?page=2'],
    ];
    for (const [main, mobile] of pairs) {
      expect(swapMobileUrl(main), main).toBe(mobile);
      expect(swapMobileUrl(mobile), mobile).toBe(main);
      // Twice is the identity.
      expect(swapMobileUrl(swapMobileUrl(main)), main).toBe(main);
    }
    expect(swapMobileUrl('/m-app/popular')).toBe('/popular');
    expect(swapMobileUrl('/m-app')).toBe('/');
    expect(swapMobileUrl('/m/')).toBe('/');
    expect(swapMobileUrl('/popular', '/m-app')).toBe('/m-app/popular');
    expect(swapMobileUrl('/mobile')).toBe('/m/mobile');
    expect(swapMobileUrl('')).toBe('/m');
    expect(swapMobileUrl('?q=1')).toBe('/m?q=1');
  });

  it('keeps an absolute address on its host', () => {
    expect(swapMobileUrl('https://sreda.example/new?x=1')).toBe('https://sreda.example/m/new?x=1');
    expect(swapMobileUrl('https://sreda.example/m/new')).toBe('https://sreda.example/new');
    expect(swapMobileUrl('https://sreda.example')).toBe('https://sreda.example/m');
    expect(swapMobileUrl('//sreda.example/m-app/u/1')).toBe('//sreda.example/u/1');
  });

  it('the segment helper both ways', () => {
    expect(swapMobileSegment('/m/new', '')).toBe('/new');
    expect(swapMobileSegment('/new', '/m-app')).toBe('/m-app/new');
    expect(swapMobileSegment('/', '/m')).toBe('/m');
  });
});
