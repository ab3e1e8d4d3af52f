import type { FastifyBaseLogger } from 'fastify';
import type { BoardDecision, BoardKind } from '../shared/board.ts';
import type { ReactionTarget } from '../shared/reactions.ts';

/**
 * What happened in the domain, told after the change is stored. Services emit; realtime (socket channels) and
 * notifications (job queue) listen, so the content modules know nothing of either. Listeners run after the
 * emitting request has its answer; a failing listener is logged and never fails the request.
 */
export interface DomainEventMap {
  /** `asSubsiteId`: written as that subsite (the comment author switch); `authorId` is still the writer. */
  'comment.created': {
    commentId: number;
    entryId: number;
    authorId: number;
    asSubsiteId?: number | null;
    replyTo: number | null;
    text: string;
  };
  'comment.edited': { commentId: number; entryId: number; authorId: number; text: string };
  'comment.removed': { commentIds: number[]; entryId: number; commentsCount: number; byId: number };
  /** A vote changed (not a repeat): `count`/`summ` are the target's exact tallies after it. */
  'vote.changed': {
    type: ReactionTarget;
    targetId: number;
    entryId: number;
    ownerId: number;
    voterId: number;
    sign: -1 | 0 | 1;
    before: -1 | 0 | 1;
    count: number;
    summ: number;
  };
  /** A reader's first view of the day: `value` is the entry's view count with it. */
  'hit.counted': { entryId: number; value: number };
  /** Someone voted in a quiz of the entry: its live results are due (realtime batches them). */
  'quiz.voted': { entryId: number; hash: string };
  /** A save that made a draft public (not an edit of an already published entry). */
  'entry.published': { entryId: number; subsiteId: number; authorId: number; title: string };
  /** An entry went to the removed state; `byId` is who removed it (the author or staff). */
  'entry.removed': { entryId: number; authorId: number; byId: number; wasPublished: boolean };
  /** Staff published, rejected or took off someone's board item (a vacancy, an event): moderation logs it. */
  'board.decided': {
    kind: BoardKind;
    itemId: number;
    decision: BoardDecision;
    byId: number;
    authorId: number;
    title: string;
    reason: string;
  };
  /** An entry was reposted into a subsite (modules/reposts): its author is told. */
  'repost.created': { repostId: number; entryId: number; authorId: number; userId: number };
  'subscription.changed': { subsiteId: number; userId: number; subscribed: boolean; subscribersCount: number };
  /** A notification was created or its group grew; realtime tells the user's private channel. */
  'notification.changed': { userId: number; notificationId: number; unreadCount: number };
  /** Messenger news for these people's private channels: the fact; the messenger presents it (presentFact). */
  'messenger.event': { userIds: number[]; fact: MessengerFact };
  /** An account was made (a sign-up, by password or another way in): the metrics count it. */
  'user.created': { userId: number };
  /** An order was paid (once per order): the metrics count it by the order's kind. */
  'payment.succeeded': { orderId: number; userId: number; kind: string; amount: number };
  /** An account lost every way in (its deletion ran): its open sockets are closed on every node. */
  'account.closed': { userId: number };
  /** A phone confirmed a QR sign-in: the waiting browser's private channel hears it. */
  'signin.qr_confirmed': { codeId: number };
}

/** What changed in a chat, by ids: realtime asks the messenger to present it for the members' channels. */
export type MessengerFact =
  | {
      type: 'message_new' | 'message_edited' | 'message_removed' | 'message_reacted';
      chat_id: number;
      message_id: number;
    }
  | { type: 'chat_read'; chat_id: number; user_id: number; message_id: number; unread_total: number }
  | { type: 'chat_typing'; chat_id: number; user_id: number }
  | { type: 'chat_changed'; chat_id: number }
  | { type: 'chat_left'; chat_id: number; unread_total: number };

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => unknown;

export interface DomainEvents {
  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void;
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  /** Resolves when every listener started so far has finished (tests and shutdown). */
  settled(): Promise<void>;
}

export function createDomainEvents(log: Pick<FastifyBaseLogger, 'error'>): DomainEvents {
  const listeners = new Map<DomainEventName, Set<Listener<DomainEventName>>>();
  const running = new Set<Promise<unknown>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as Listener<DomainEventName>);
      return () => set.delete(listener as Listener<DomainEventName>);
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        const run = Promise.resolve()
          .then(() => listener(payload))
          .catch((err) => log.error({ err, event: name }, 'domain event listener failed'))
          .finally(() => running.delete(run));
        running.add(run);
      }
    },
    async settled() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
