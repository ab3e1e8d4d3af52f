import { messages } from '../../../shared/catalogue.ts';
import type { Entry, EntryCard } from '../../../shared/entries.ts';
import type { Ctx } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { assertCanEdit, canEdit, canRead } from './policy.ts';
import * as q from './queries.ts';
import { accessOpens, HELD_MAX } from './fields.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';

import { presentCard, presentEntry, type ReadOptions, type Viewer } from './present.ts';

/** Reading one entry: as a card, for its page, for the API and for its editor, each with its refusals. */

const facts = (row: q.EntryRow, closed = false) => ({
  authorId: row.author_id,
  isPublished: row.is_published,
  removed: row.removed,
  closed,
});

/** Whether the entry's subsite is a private community this viewer is not a member of. */
const closedFor = async (ctx: Ctx, viewer: Viewer, row: Pick<q.EntryRow, 'subsite_private' | 'subsite_id'>) =>
  row.subsite_private && !(await readsPrivateSubsite(ctx, viewer, row.subsite_id));

/** A feed's pinned entry as its card (marked `is_pinned`), while it is published. */
export async function pinnedCard(ctx: Ctx, id: number, viewer: Viewer): Promise<EntryCard | null> {
  const row = await q.entryById(ctx.read, id, viewer?.id ?? null);
  if (!row || !row.is_published || row.removed || !row.published_at || (await closedFor(ctx, viewer, row))) return null;
  return { ...presentCard({ ...row, published_at: row.published_at }, ctx.config.secret), is_pinned: true };
}

/**
 * The entries staff hold at the top of the main feed (`is_holdonmain`) or of the flash block (`is_holdonflash`) now,
 * the latest hold first.
 */
export const heldIds = (ctx: Ctx, place: q.HoldPlace) => q.heldOn(ctx.db, place, ctx.now(), HELD_MAX);

/** The feed's cards an app may show (`app`: a request signed by an API token): `is_disabled_apps` ones left out. */
export async function forApps<T extends { id: number }>(ctx: Ctx, cards: T[]): Promise<T[]> {
  const off = await q.disabledInApps(
    ctx.read,
    cards.map((c) => c.id),
  );
  return off.size ? cards.filter((c) => !off.has(c.id)) : cards;
}

/** A held entry's card (marked `is_held`) while it is published and the hold lasts. */
export async function heldCard(ctx: Ctx, id: number, viewer: Viewer): Promise<EntryCard | null> {
  const card = await pinnedCard(ctx, id, viewer);
  if (!card) return null;
  const { is_pinned: _pinned, ...rest } = card;
  return { ...rest, is_held: true };
}

/**
 * The entry as `viewer` may read it, or null: unknown, removed, someone else's draft (unless `access` is the key of
 * the secret link its author shared), or in a private community the viewer is not a member of.
 */
export async function readEntry(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  opts: ReadOptions & { access?: string } = {},
): Promise<Entry | null> {
  const row = await q.entryById(ctx.read, id, viewer?.id ?? null);
  if (!row) return null;
  const readable = canRead(viewer, facts(row, await closedFor(ctx, viewer, row)));
  if (!readable && (row.removed || !accessOpens(row, opts.access))) return null;
  return presentEntry(ctx, row, viewer, opts);
}

/**
 * The private community whose published entry this viewer may not read, or null (any other reason to refuse, or
 * none): what the entry page shows a stub with a join button for.
 */
export async function closedSubsiteOf(ctx: Ctx, viewer: Viewer, id: number): Promise<number | null> {
  const row = await q.entryById(ctx.read, id, viewer?.id ?? null);
  if (!row || row.removed || !row.is_published || canEdit(viewer, { authorId: row.author_id })) return null;
  return (await closedFor(ctx, viewer, row)) ? row.subsite_id : null;
}

/**
 * `GET /v3.0/entry/{id}`: the entry, a 403 for a private community's entry the caller may not read, else 404. An app
 * (`app`: a request signed by an API token) gets a 403 for an entry staff keep out of the apps (`is_disabled_apps`),
 * unless it is the caller's own.
 */
export async function entryForApi(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  opts: ReadOptions & { access?: string; app?: boolean },
): Promise<Entry> {
  const entry = await readEntry(ctx, viewer, id, opts);
  if (entry?.is_disabled_apps && opts.app && !entry.can_edit) {
    throw new ApiError(403, messages.entryDisabledInApps, { url: ctx.config.publicUrl + entry.url });
  }
  if (entry) return entry;
  const closed = await closedSubsiteOf(ctx, viewer, id);
  if (closed !== null) throw new ApiError(403, messages.entryPrivate, { subsite_id: closed });
  throw notFound(messages.entryNotFound);
}

/** The entry for its editor: 404 when the actor cannot see it, 403 when they may read but not edit it. */
export async function entryForEdit(ctx: Ctx, actor: NonNullable<Viewer>, id: number): Promise<Entry> {
  const row = await q.entryById(ctx.db, id, actor.id);
  if (!row) throw notFound(messages.entryNotFound);
  assertCanEdit(actor, facts(row));
  return presentEntry(ctx, row, actor);
}
