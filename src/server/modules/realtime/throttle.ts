/**
 * Per key, the first push of a quiet window goes out at once and later ones fold (`merge`) into one at the window's
 * end: a viral entry's views, a quiz's votes — a thousand pushes a second make about one message a second per key.
 */
export function keyedThrottle<K, V>(ms: number, send: (key: K, value: V) => void, merge: (was: V, now: V) => V) {
  const waiting = new Map<K, { value: V | undefined; timer: ReturnType<typeof setTimeout> }>();
  const open = (key: K) => {
    const slot = {
      value: undefined as V | undefined,
      timer: setTimeout(() => {
        waiting.delete(key);
        if (slot.value !== undefined) {
          send(key, slot.value);
          open(key);
        }
      }, ms).unref(),
    };
    waiting.set(key, slot);
  };
  return {
    push(key: K, value: V) {
      const slot = waiting.get(key);
      if (slot) {
        slot.value = slot.value === undefined ? value : merge(slot.value, value);
        return;
      }
      send(key, value);
      open(key);
    },
    stop() {
      for (const slot of waiting.values()) clearTimeout(slot.timer);
      waiting.clear();
    },
  };
}
