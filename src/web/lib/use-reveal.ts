import { useEffect, useRef, useState } from 'react';

/** spec/content.md §9: a right-column widget loads when it comes within 500 px of the viewport. */
const LAZY_OFFSET = '500px';

interface Revealed {
  items: unknown[];
  is_finished: boolean;
}

/**
 * A right-column widget's list (the job and events widgets): nothing is asked until its box nears the viewport, then
 * `load(0)`; `more()` appends `load(items so far)` ("+5"). `key` changing (the town asked for) loads it anew.
 */
export function useRevealList<D extends Revealed>(
  load: (offset: number, shown: D | null) => Promise<D | null>,
  key: unknown,
) {
  const box = useRef<HTMLElement>(null);
  const [data, setData] = useState<D | null>(null);
  const [busy, setBusy] = useState(false);
  const [visible, setVisible] = useState(false);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const el = box.current;
    if (!el || visible) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: LAZY_OFFSET,
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    void loader.current(0, null).then((d) => live && d && setData(d));
    return () => {
      live = false;
    };
  }, [visible, key]);

  async function more() {
    if (!data || busy) return;
    setBusy(true);
    const next = await loader.current(data.items.length, data);
    setBusy(false);
    if (next) setData({ ...next, items: [...data.items, ...next.items] });
  }

  return { box, data, busy, more };
}
