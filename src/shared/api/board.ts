import { z } from 'zod';
import { BOARD_KINDS, type BoardKind } from '../board.ts';
import { messages } from '../catalogue.ts';
import { emptyAs, idField, plainBody } from '../validation.ts';
import { contract } from './contract.ts';

/** What vacancies and events (shared/board.ts) share on the wire: text fields and staff's routes of each kind. */

/** A required text: trimmed, not empty, at most `max` characters. */
export const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .max(max, tooLong)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, required));
export const optionalText = (rm: string, max: number) =>
  emptyAs(undefined, z.string({ error: rm }).max(max, rm).optional()).optional();

/** `{ id }` of a board item's path. */
export const boardIdParams = (kind: BoardKind) => z.object({ id: idField(messages[`${kind}IdInvalid`]) });

type Path<K extends BoardKind> = (typeof BOARD_KINDS)[K]['path'];

/**
 * The routes of a board item's life after posting, the same for every kind under its path (`/job`, `/events`): its
 * author or staff take it off, staff's queue, staff publish or reject it (the `{kind}_reject` modal); the author is
 * told. `item` is the kind's full answer.
 */
export function boardStaffContracts<K extends BoardKind, I extends z.ZodType>(kind: K, item: I, reasonMax: number) {
  const path: Path<K> = BOARD_KINDS[kind].path;
  const params = boardIdParams(kind);
  const notFound = `${kind}_not_found` as const;
  const notPending = `${kind}_not_pending` as const;
  return {
    /** Its author or staff take a published or waiting one off (staff may say why). */
    unpublish: contract({
      method: 'POST',
      path: `${path}/:id/unpublish`,
      access: 'user',
      params,
      body: plainBody({ reason_text: optionalText(messages[`${kind}ReasonTooLong`](reasonMax), reasonMax) }),
      response: item,
      errors: [notFound, `${kind}_unpublish_forbidden`, `${kind}_not_published`],
    }),
    /** Staff's queue: items on moderation, oldest first. */
    queue: contract({
      method: 'GET',
      path: `${path}/moderation/queue`,
      access: 'staff',
      response: z.object({ items: z.array(item) }),
      errors: [],
    }),
    /** Staff publish a waiting one (a vacancy for 30 days). */
    publish: contract({
      method: 'POST',
      path: `${path}/:id/publish`,
      access: 'staff',
      params,
      response: item,
      errors: [notFound, notPending],
    }),
    /** Staff reject a waiting one with a reason; the author is told. */
    reject: contract({
      method: 'POST',
      path: `${path}/:id/reject`,
      access: 'staff',
      params,
      body: plainBody({
        reason_text: text(messages[`${kind}ReasonRequired`], messages[`${kind}ReasonTooLong`](reasonMax), reasonMax),
      }),
      response: item,
      errors: [notFound, notPending],
    }),
  };
}
