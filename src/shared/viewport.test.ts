import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_MEDIA, expandCustomMedia } from '../../scripts/custom-media.ts';
import { BREAKPOINTS, MOBILE_WIDTH, RIGHT_COLUMN_WIDTH, VIEWPORT_CLASSES, viewportClass } from './viewport.ts';

const web = path.join(import.meta.dirname, '..', 'web');
const stylesheets = (fs.readdirSync(web, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.css'))
  .map((f) => [f, fs.readFileSync(path.join(web, f), 'utf8')] as const);
const mediaRules = (css: string) => [...css.matchAll(/@media([^{]*)\{/g)].map((m) => m[1].trim());

describe('viewport classes and breakpoints (spec/foundation.md §4, §9)', () => {
  it('mobile is 0–859, desktop 860–4096', () => {
    expect(VIEWPORT_CLASSES).toEqual({ mobile: [0, 859], desktop: [860, 4096] });
    expect(viewportClass(0)).toBe('mobile');
    expect(viewportClass(375)).toBe('mobile');
    expect(viewportClass(859)).toBe('mobile');
    expect(viewportClass(860)).toBe('desktop');
    expect(viewportClass(4096)).toBe('desktop');
    expect(viewportClass(5000)).toBe('desktop');
  });

  it('names the spec’s breakpoints', () => {
    expect(BREAKPOINTS).toMatchObject({
      smallMobile: 375,
      iphoneLarge: 414,
      feed: 640,
      phone: 720,
      mobile: 860,
      twoColumns: 960,
      twoColumnsAdaptive: 1000,
      fullPagePopup: 1024,
    });
  });

  it('the stylesheets’ custom media and the scripts’ queries are the same list', () => {
    expect(CUSTOM_MEDIA['--mobile']).toBe('(max-width: 859px)');
    expect(CUSTOM_MEDIA['--desktop']).toBe('(min-width: 860px)');
    expect(CUSTOM_MEDIA['--below-small-mobile']).toBe('(max-width: 374px)');
    expect(CUSTOM_MEDIA['--from-iphone-large']).toBe('(min-width: 414px)');
    expect(CUSTOM_MEDIA['--below-feed']).toBe('(max-width: 639px)');
    expect(CUSTOM_MEDIA['--from-two-columns']).toBe('(min-width: 960px)');
    // The scripts' queries (RightColumn, SponsorsGrid, HistoryScreen) are built from the same constants.
    expect(`(max-width: ${MOBILE_WIDTH - 1}px)`).toBe(CUSTOM_MEDIA['--mobile']);
    expect(`(min-width: ${MOBILE_WIDTH}px)`).toBe(CUSTOM_MEDIA['--desktop']);
    expect(`(min-width: ${RIGHT_COLUMN_WIDTH}px)`).toBe(CUSTOM_MEDIA['--from-right-column']);
    expect(expandCustomMedia('(--mobile) and (hover: none)')).toBe('(max-width: 859px) and (hover: none)');
    expect(() => expandCustomMedia('(--mobil)', 'x.css')).toThrow('x.css: unknown custom media --mobil');
  });

  it('every stylesheet names its widths from the list: no unknown name, no breakpoint written as a number', () => {
    const near = new Set(Object.values(BREAKPOINTS).flatMap((px) => [px - 1, px]));
    let named = 0;
    for (const [file, css] of stylesheets) {
      for (const query of mediaRules(css)) {
        if (query.includes('(--')) {
          expect(() => expandCustomMedia(query, file)).not.toThrow();
          named++;
        }
        for (const m of query.matchAll(/(?:min|max)-width:\s*(\d+)px/g))
          expect(near.has(Number(m[1])), `${file}: @media ${query} — name it (src/shared/viewport.ts)`).toBe(false);
      }
    }
    expect(named).toBeGreaterThan(30);
  });
});
