import type { BoardDecision, BoardKind } from '../../shared/board.ts';
import { messages } from '../../shared/catalogue.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/index.ts';
import { transaction } from '../db/transaction.ts';
import { enqueue } from '../jobs/queue.ts';
import { badRequest, forbidden, notFound } from './errors.ts';

/**
 * Board items (vacancies and events, shared/board.ts) share one life: an author posts one, staff publish or reject it,
 * its author or staff take it off. This is that state machine and staff's actions, parameterised by kind; each module
 * keeps its own table, rows and presentation.
 */

/** The states every board item passes through (a vacancy also expires, an event becomes past). */
export type BoardState = 'moderation' | 'published' | 'rejected' | 'unpublished';

/** What the rules and the actions read of a board item's row. */
export interface BoardItem {
  id: number;
  author_id: number;
  title: string;
  state: string;
}

/** A person acting on the board: their id and whatever the staff check reads. */
interface Actor {
  id: number;
}

/** Its author changes it while it waits, is published or was rejected; its author or staff take it off while it is out. */
const EDITABLE: readonly string[] = ['moderation', 'published', 'rejected'];
export const REMOVABLE_STATES = ['moderation', 'published'] as const satisfies readonly BoardState[];

/** The catalogue's texts of a kind: `eventNotFound`, `vacancyNotFound`… */
const texts = (kind: BoardKind) => ({
  notFound: messages[`${kind}NotFound`],
  editForbidden: messages[`${kind}EditForbidden`],
  notEditable: messages[`${kind}NotEditable`],
  unpublishForbidden: messages[`${kind}UnpublishForbidden`],
  notPublished: messages[`${kind}NotPublished`],
  notPending: messages[`${kind}NotPending`],
  publishedNotice: messages[`${kind}PublishedNotice`],
  rejectedNotice: messages[`${kind}RejectedNotice`],
  unpublishedNotice: messages[`${kind}UnpublishedNotice`],
});

/**
 * Who sees and changes a board item. Anyone reads it in one of `open` states; its author and staff read it in every
 * state (the author learns why it was rejected). Its author changes it until it is unpublished or over; its author or
 * staff take it off; only staff publish or reject.
 */
export function boardPolicy<U extends Actor>(kind: BoardKind, open: readonly string[], isStaff: (user: U) => boolean) {
  const t = texts(kind);
  const isInsider = (user: U | null, item: Pick<BoardItem, 'author_id'>) =>
    user !== null && (user.id === item.author_id || isStaff(user));
  type Target = Pick<BoardItem, 'author_id' | 'state'>;

  const canSee = (user: U | null, item: Target) => open.includes(item.state) || isInsider(user, item);
  return {
    canSee,
    canEdit: (user: U | null, item: Target) =>
      user !== null && user.id === item.author_id && EDITABLE.includes(item.state),
    canUnpublish: (user: U | null, item: Target) =>
      isInsider(user, item) && (REMOVABLE_STATES as readonly string[]).includes(item.state),
    canModerate: (user: U | null, item: Target) => user !== null && isStaff(user) && item.state === 'moderation',
    /** Its author and staff (may): whether the reader may read the staff's reason. */
    isInsider,
    assertSees<T extends Target>(user: U | null, item: T | undefined): T {
      if (!item || !canSee(user, item)) throw notFound(t.notFound);
      return item;
    },
    assertEdits(user: U, item: Target) {
      if (item.author_id !== user.id) throw forbidden(t.editForbidden);
      if (!EDITABLE.includes(item.state)) throw forbidden(t.notEditable);
    },
    assertUnpublishes(user: U, item: Target) {
      if (item.author_id !== user.id && !isStaff(user)) throw forbidden(t.unpublishForbidden);
    },
  };
}
export type BoardPolicy<U extends Actor> = ReturnType<typeof boardPolicy<U>>;

/** A board module's own table behind the actions: its reads and its one state change. */
export interface BoardStore<Row extends BoardItem> {
  find(db: Db, id: number): Promise<Row | undefined>;
  listWaiting(db: Db): Promise<Row[]>;
  /** Moves an item from one of `from` to `to`; false when it was not in them (a race or a repeat). */
  setState(
    db: Db,
    id: number,
    from: readonly BoardState[],
    to: BoardState,
    now: Date,
    extra: { reason?: string; publishedAt?: Date },
  ): Promise<boolean>;
  /** What publishing stores besides its time (a vacancy's end). */
  publishing?: (now: Date) => Record<string, Date>;
}

/**
 * A staff decision on a board item reaches moderation's audit log through the `board.decided` event; called in the
 * decision's transaction, it is sent after the commit.
 */
export const boardDecided = (
  ctx: Ctx,
  kind: BoardKind,
  byId: number,
  item: Pick<BoardItem, 'id' | 'author_id' | 'title'>,
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

/**
 * Staff's queue and decisions and the taking off, the same for every kind: one transaction each, the author told by a
 * notification and staff's decision logged (`boardDecided`); `present` shapes the answer for the reader.
 */
export function boardActions<Row extends BoardItem, U extends Actor, Data>(
  kind: BoardKind,
  store: BoardStore<Row>,
  policy: BoardPolicy<U>,
  present: (row: Row, user: U) => Data,
) {
  const t = texts(kind);
  const load = async (ctx: Ctx, id: number) => {
    const row = await store.find(ctx.db, id);
    if (!row) throw notFound(t.notFound);
    return row;
  };
  const tell = (ctx: Ctx, item: Row, text: string) => enqueue(ctx, 'notify.system', { userId: item.author_id, text });
  /** Moves a waiting item for staff; refused when it no longer waits. */
  async function decide(ctx: Ctx, user: U, id: number, decision: Exclude<BoardDecision, 'unpublish'>, reason = '') {
    const item = await load(ctx, id);
    await transaction(ctx, async (ctx) => {
      const now = ctx.now();
      const done =
        decision === 'publish'
          ? await store.setState(ctx.db, id, ['moderation'], 'published', now, {
              reason: '',
              publishedAt: now,
              ...store.publishing?.(now),
            })
          : await store.setState(ctx.db, id, ['moderation'], 'rejected', now, { reason });
      if (!done) throw badRequest(t.notPending);
      await tell(
        ctx,
        item,
        decision === 'publish' ? t.publishedNotice(item.title) : t.rejectedNotice(item.title, reason),
      );
      boardDecided(ctx, kind, user.id, item, decision, reason);
    });
    return present(await load(ctx, id), user);
  }

  return {
    load,
    /** Staff's queue: items on moderation, oldest first. */
    queue: async (ctx: Ctx, user: U) => ({ items: (await store.listWaiting(ctx.db)).map((r) => present(r, user)) }),
    /** Staff publish a waiting item; the author is told. */
    publish: (ctx: Ctx, user: U, id: number) => decide(ctx, user, id, 'publish'),
    /** Staff reject a waiting item with a reason; the author gets it as a notification. */
    reject: (ctx: Ctx, user: U, id: number, reason: string) => decide(ctx, user, id, 'reject', reason),
    /** Its author or staff take it off; staff's reason (if any) reaches the author as a notification. */
    async unpublish(ctx: Ctx, user: U, id: number, reason = '') {
      const item = policy.assertSees(user, await store.find(ctx.db, id));
      policy.assertUnpublishes(user, item);
      await transaction(ctx, async (ctx) => {
        const byStaff = user.id !== item.author_id;
        const done = await store.setState(ctx.db, id, REMOVABLE_STATES, 'unpublished', ctx.now(), {
          reason: byStaff ? reason : '',
        });
        if (!done) throw badRequest(t.notPublished);
        if (!byStaff) return;
        await tell(ctx, item, t.unpublishedNotice(item.title, reason));
        boardDecided(ctx, kind, user.id, item, 'unpublish', reason);
      });
      return present(await load(ctx, id), user);
    },
  };
}
