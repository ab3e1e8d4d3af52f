import type { Ctx } from '../../context.ts';
import type { MediaRow } from './queries.ts';
import { createMediaStore, type MediaStore } from './storage.ts';

/** Per-app state: the store, rows already read (immutable, so never stale) and derivatives being made right now. */
export interface MediaState {
  store: MediaStore;
  rows: Map<string, MediaRow>;
  inflight: Map<string, Promise<Buffer>>;
}

export const ROWS_CACHED = 10_000;
const states = new WeakMap<Ctx, MediaState>();

export function stateOf(ctx: Ctx): MediaState {
  let s = states.get(ctx.root);
  if (!s) {
    s = { store: createMediaStore(ctx.config), rows: new Map(), inflight: new Map() };
    states.set(ctx.root, s);
  }
  return s;
}
