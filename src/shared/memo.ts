/**
 * A pure computation's answers kept by key, all forgotten at once when `limit` are kept: a bound that costs nothing
 * on the hot path (no order to maintain). For values asked again and again: a page's dates, a search's stems.
 */
export function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute();
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
    return value;
  };
}
