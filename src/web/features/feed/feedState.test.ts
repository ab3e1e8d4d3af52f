import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryCard } from '../../../shared/entries.ts';
import { restoreFeed, SAVED_FEED_TTL_MS, saveFeed, toParam, withTo, type SavedFeed } from './feedState.ts';

class MemoryStorage {
  data = new Map<string, string>();
  failNext = false;
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('QuotaExceededError');
    }
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
}

const g = globalThis as unknown as { window?: { sessionStorage: MemoryStorage } };
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { sessionStorage: storage };
});
afterEach(() => {
  delete g.window;
});

const card = (id: number) => ({ id }) as EntryCard;
const saved = (to: number, savedAt = Date.now()): SavedFeed => ({
  items: [card(1), card(2), card(3)],
  lastId: 3,
  lastSortingValue: 1.5,
  finished: false,
  to,
  savedAt,
});

describe('saved feed pages', () => {
  it('come back for the same feed and card', () => {
    saveFeed('main:hotness', saved(2));
    expect(restoreFeed('main:hotness', 2)).toMatchObject({ lastId: 3, lastSortingValue: 1.5, to: 2 });
    expect(restoreFeed('main:hotness', 2)!.items.map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('do not come back for another feed, another card, a card not among them, or when stale', () => {
    saveFeed('main:hotness', saved(2));
    expect(restoreFeed('main:date', 2)).toBeNull();
    expect(restoreFeed('main:hotness', 3)).toBeNull();
    saveFeed('main:week', { ...saved(9) });
    expect(restoreFeed('main:week', 9)).toBeNull();
    saveFeed('all:hotness', saved(1, 1000));
    expect(restoreFeed('all:hotness', 1, 1000 + SAVED_FEED_TTL_MS + 1)).toBeNull();
  });

  it("when the storage is full, older saved feeds make room (the reader's other keys stay)", () => {
    saveFeed('old', saved(1));
    storage.data.set('other', 'keep');
    storage.failNext = true;
    saveFeed('new', saved(2));
    expect(restoreFeed('new', 2)).not.toBeNull();
    expect(restoreFeed('old', 1)).toBeNull();
    expect(storage.getItem('other')).toBe('keep');
  });

  it('survive broken storage contents', () => {
    storage.data.set('sreda:feed:x', '{not json');
    expect(restoreFeed('x', 1)).toBeNull();
  });
});

describe('the to parameter', () => {
  it('reads a positive id only', () => {
    expect(toParam('?to=42')).toBe(42);
    expect(toParam('?a=1&to=7')).toBe(7);
    for (const s of ['', '?to=', '?to=0', '?to=-1', '?to=abc', '?to=1.5', '?to=12345678901'])
      expect(toParam(s)).toBeNull();
  });

  it('is set and removed keeping the rest of the address', () => {
    expect(withTo('http://x.ru/new?sorting=week#c', 5)).toBe('/new?sorting=week&to=5#c');
    expect(withTo('http://x.ru/new?to=5&sorting=week', 6)).toBe('/new?to=6&sorting=week');
    expect(withTo('http://x.ru/?to=5', null)).toBe('/');
  });
});
