import type { RepostCard } from '../../../shared/api/reposts.ts';

/**
 * Where reposts go among a feed's loaded cards, by time: each before the first card published earlier than the
 * repost was made (`before`, keyed by that card's index); those older than every loaded card wait for the next page,
 * or follow the last card once the feed is finished (`after`).
 */
export function placeReposts(
  cards: readonly { date: string }[],
  reposts: readonly RepostCard[],
  finished: boolean,
): { before: Map<number, RepostCard[]>; after: RepostCard[] } {
  const before = new Map<number, RepostCard[]>();
  const after: RepostCard[] = [];
  const sorted = [...reposts].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  for (const repost of sorted) {
    const at = Date.parse(repost.date);
    const index = cards.findIndex((c) => Date.parse(c.date) < at);
    if (index >= 0) before.set(index, [...(before.get(index) ?? []), repost]);
    else if (finished) after.push(repost);
  }
  return { before, after };
}
