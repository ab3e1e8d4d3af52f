import type { BoardDecision, BoardKind } from '../../shared/board.ts';
import type { Ctx } from '../context.ts';

/** What a staff decision tells of its board item (a vacancy's or an event's row). */
interface DecidedItem {
  id: number;
  author_id: number;
  title: string;
}

/**
 * A staff decision on a board item reaches moderation's audit log through the `board.decided` event; called in the
 * decision's transaction, it is sent after the commit.
 */
export const boardDecided = (
  ctx: Ctx,
  kind: BoardKind,
  byId: number,
  item: DecidedItem,
  decision: BoardDecision,
  reason = '',
) =>
  ctx.events.emit('board.decided', {
    kind,
    itemId: item.id,
    decision,
    byId,
    authorId: item.author_id,
    title: item.title,
    reason,
  });
