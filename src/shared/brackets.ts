/**
 * Bracket notation (`values[email]`, `urls[]`, `a[b][c]`) to nested objects and back.
 * The server parses query strings and form bodies with it; the client request helper encodes with it.
 */
export type Nested = { [key: string]: Nested | Nested[] | string | string[] };

const MAX_DEPTH = 5;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function splitKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const re = /\[([^[\]]*)\]/gy;
  re.lastIndex = open;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key))) {
    parts.push(m[1]);
    if (re.lastIndex === key.length) break;
  }
  // Anything unparseable after the brackets keeps the key literal.
  if (re.lastIndex !== key.length || parts.length > MAX_DEPTH + 1) return [key];
  return parts;
}

/** `urls[0]` is an array index up to this bound; larger numbers stay object keys (no huge sparse arrays). */
const MAX_INDEX = 1000;
const isIndex = (part: string) => /^(0|[1-9]\d{0,3})$/.test(part) && Number(part) <= MAX_INDEX;

type Container = Record<string, unknown> | unknown[];
const containerFor = (nextPart: string): Container => (nextPart === '' || isIndex(nextPart) ? [] : Object.create(null));

/**
 * Builds a nested object from key/value pairs: `a[b]` is a key, `a[]` appends, `a[0]` is an array index (indices
 * that leave holes make an object keyed by them instead), a repeated key collects its values in an array. Unsafe
 * keys are dropped.
 */
export function parseBrackets(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null);
  for (const [key, value] of pairs) {
    const path = splitKey(key);
    if (!path || path.some((p) => FORBIDDEN.has(p))) continue;
    let node: Container = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i];
      const last = i === path.length - 1;
      if (part === '') {
        // `[]` appends to an array; on an object (or as a bare key) it means nothing.
        if (!Array.isArray(node)) break;
        if (last) {
          node.push(value);
          break;
        }
        const child = containerFor(path[i + 1]);
        node.push(child);
        node = child;
        continue;
      }
      if (Array.isArray(node) && !isIndex(part)) break;
      const slot = node as Record<string, unknown>;
      if (last) {
        const prev = slot[part];
        slot[part] =
          prev === undefined
            ? value
            : Array.isArray(prev)
              ? [...prev, value]
              : typeof prev === 'string'
                ? [prev, value]
                : prev;
        break;
      }
      let child = slot[part];
      if (child === undefined || typeof child === 'string') {
        child = containerFor(path[i + 1]);
        slot[part] = child;
      }
      node = child as Container;
    }
  }
  return toPlain(root) as Record<string, unknown>;
}

function toPlain(v: unknown): unknown {
  if (Array.isArray(v)) {
    // Indices with holes (`settings[12]`, `settings[40]`) are keys, not positions: they become an object's keys.
    const present = Object.keys(v);
    if (present.length === v.length) return v.map(toPlain);
    return Object.fromEntries(present.map((k) => [k, toPlain(v[Number(k)])]));
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) out[k] = toPlain(val);
    return out;
  }
  return v;
}

/**
 * Flattens a value into bracket-notation pairs; undefined and null are skipped, booleans become 1/0.
 * Scalars in arrays are `key[]`; objects and arrays in arrays are indexed (`key[0][name]`), so that
 * the fields of one item stay together when parsed back. Null items and files are dropped before indexing, so the indices
 * stay contiguous.
 */
export function toBracketPairs(value: unknown, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  const skipped = (v: unknown) => v === undefined || v === null || (typeof Blob !== 'undefined' && v instanceof Blob);
  const walk = (v: unknown, key: string) => {
    if (skipped(v)) return;
    if (Array.isArray(v)) {
      v.filter((item) => !skipped(item)).forEach((item, i) =>
        walk(item, typeof item === 'object' ? `${key}[${i}]` : `${key}[]`),
      );
    } else if (typeof v === 'object') {
      for (const [k, val] of Object.entries(v as Record<string, unknown>)) walk(val, key ? `${key}[${k}]` : k);
    } else if (typeof v === 'boolean') {
      out.push([key, v ? '1' : '0']);
    } else {
      out.push([key, String(v)]);
    }
  };
  walk(value, prefix);
  return out;
}

export function toQueryString(value: unknown): string {
  return new URLSearchParams(toBracketPairs(value)).toString();
}
