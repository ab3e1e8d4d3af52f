import type { Block } from '../../../shared/blocks.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { insertVersion } from './version-queries.ts';

/**
 * Called by `entries.save()` before it writes: a save that leaves the entry published keeps a version, the state
 * it produces (title and blocks, by whom, when). Drafts keep none. Applying a version saves too, so it is undoable.
 */
export async function keepVersion(
  ctx: Ctx,
  save: { entryId: number; authorId: number; title: string; blocks: Block[]; isPublished: boolean },
) {
  if (!save.isPublished) return;
  // Joins the save's transaction; alone, it still locks the entry while it compares and inserts.
  await transaction(ctx, (ctx) =>
    insertVersion(ctx.db, {
      entryId: save.entryId,
      authorId: save.authorId,
      title: save.title,
      blocks: save.blocks,
      at: ctx.now(),
    }),
  );
}
