import { describe, expect, it } from 'vitest';
import { pageFacts, pageLayout } from './page-facts.ts';

/** The body layout options the shell follows and `/initialData` answers (spec/content.md §2). */
describe('pageLayout', () => {
  const right = (path: string) => {
    const l = pageLayout(path);
    return l.right_column ? 'on' : l.right_column_reserve ? 'reserve' : 'off';
  };

  it('gives feeds and entries one content column beside the right column', () => {
    for (const path of ['/', '/new', '/all/top/week', '/u/1-ivan', '/s/tech', '/tag/hleb', '/bookmarks', '/rating'])
      expect([path, pageLayout(path).content_type, right(path)]).toEqual([path, 'feed', 'on']);
    expect(pageLayout('/s/tech/42-zagolovok?comment=5')).toMatchObject({ content_type: 'entry', right_column: true });
    // The livestream slot is a feed's and an entry's only.
    expect(pageLayout('/u/1-ivan/42').livestream).toBe(true);
    expect(pageLayout('/rating').livestream).toBe(false);
  });

  it('keeps the room on /live and /drafts, turns it off on full and two-column pages', () => {
    expect(right('/live')).toBe('reserve');
    expect(right('/drafts')).toBe('reserve');
    for (const path of [
      '/writing/3',
      '/settings',
      '/messenger',
      '/u/me/settings',
      '/s/tech/cabinet',
      '/about',
      '/x/y/z',
    ])
      expect([path, pageLayout(path).content_type, right(path)]).toEqual([path, 'full', 'off']);
    expect([pageLayout('/job').content_type, right('/job')]).toEqual(['2-cols-fixed', 'off']);
    expect([pageLayout('/events/7').content_type, right('/events/7')]).toEqual(['2-cols-entry', 'off']);
    expect(pageLayout('/job/new').content_type).toBe('full');
  });

  it('is what pageFacts answers', () => {
    for (const path of ['/', '/u/1-ivan/42', '/live', '/job', '/settings', '/tag/hleb'])
      expect(pageFacts(path, null).layout).toEqual(pageLayout(path));
  });
});
