import type { Block } from '../../../shared/blocks.ts';
import type { Ctx } from '../../context.ts';

/**
 * What a module above entries keeps of an entry's blocks, written in the entry's save transaction (the quiz module:
 * its quizzes' hashes and rules). Registered per app by the module's `start`, as payments' hooks are: a refusal
 * (an `ApiError`) undoes the whole save.
 */
export type BlocksKeeper = (ctx: Ctx, entryId: number, blocks: readonly Block[]) => Promise<void>;

const byApp = new WeakMap<object, Set<BlocksKeeper>>();

/** Adds a keeper for this app; the answer removes it (a module's `start` returns it as its stop). */
export function keepWithBlocks(ctx: Ctx, keeper: BlocksKeeper): () => void {
  let set = byApp.get(ctx.root);
  if (!set) byApp.set(ctx.root, (set = new Set()));
  set.add(keeper);
  return () => {
    set.delete(keeper);
  };
}

/** Runs every keeper of the app inside the save's transaction. */
export async function keepBlocks(ctx: Ctx, entryId: number, blocks: readonly Block[]): Promise<void> {
  for (const keeper of byApp.get(ctx.root) ?? []) await keeper(ctx, entryId, blocks);
}
