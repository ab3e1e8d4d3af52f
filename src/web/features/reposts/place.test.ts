import { describe, expect, it } from 'vitest';
import type { RepostCard } from '../../../shared/api/reposts.ts';
import { placeReposts } from './place.ts';

const repost = (id: number, date: string) => ({ id, date }) as RepostCard;
const card = (date: string) => ({ date });

describe('placeReposts', () => {
  const cards = [card('2026-11-29T10:00:00Z'), card('2026-11-29T08:00:00Z'), card('2026-11-29T06:00:00Z')];

  it('puts each repost before the first card published earlier, newest first', () => {
    const { before, after } = placeReposts(
      cards,
      [repost(1, '2026-11-29T07:00:00Z'), repost(2, '2026-11-29T11:00:00Z'), repost(3, '2026-11-29T12:00:00Z')],
      false,
    );
    expect([...before.entries()].map(([i, r]) => [i, r.map((x) => x.id)])).toEqual([
      [0, [3, 2]],
      [2, [1]],
    ]);
    expect(after).toEqual([]);
  });

  it('keeps reposts older than every card back until the feed is finished', () => {
    const old = [repost(4, '2026-11-28T01:00:00Z')];
    expect(placeReposts(cards, old, false).after).toEqual([]);
    expect(placeReposts(cards, old, false).before.size).toBe(0);
    expect(placeReposts(cards, old, true).after.map((r) => r.id)).toEqual([4]);
    expect(placeReposts([], old, true).after.map((r) => r.id)).toEqual([4]);
  });
});
