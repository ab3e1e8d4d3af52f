import { htmlToText } from '../../../shared/html.ts';
import type { Block, BlockOf } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { DraftsList } from '../../../shared/drafts.ts';
import type { Entry, EntryCard, WritingTarget } from '../../../shared/entries.ts';
import { truncate } from '../../../shared/format.ts';
import { slugify, subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import { refreshEntryHotness } from './hotness.ts';
import { keepVersion } from './versions.ts';
import { keepBlocks } from './hooks.ts';
import { syncEntry as syncEntryHashtags } from '../hashtags/service.ts';
import type { UserRow } from '../auth/index.ts';
import {
  assertCanEdit,
  assertCanPostTo,
  assertHiddenFromMain,
  canEdit,
  canPostTo,
  canRead,
  needsApproval,
} from './policy.ts';
import * as q from './queries.ts';
import {
  accessOpens,
  assertFieldsAllowed,
  customCoverBlock,
  fieldValues,
  HELD_MAX,
  presentFields,
  STAFF_DEFAULTS,
  type FieldsInput,
  type ReaderRegion,
} from './fields.ts';
import { sanitizeBlocks } from './sanitize.ts';
import {
  assertEditingOpen,
  assertNotBannedIn,
  assertNotLocked,
  clearRejection,
  holdForReview,
  shouldHold,
  withdrawReview,
} from '../restrictions/index.ts';
import { presentAuthor } from '../users/index.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';
import { assertEntryVideos } from '../media/service.ts';

/** The first text block, stripped of markup: what a feed card shows under the title. */
export function introOf(blocks: Block[]): string {
  const first = blocks.find((b) => b.type === 'text' && typeof b.data.text === 'string' && !b.hidden);
  return first?.type === 'text' ? htmlToText(first.data.text) : '';
}

/** The block flagged as cover, else the first media block; what the feed shows above the intro. */
export function coverOf(blocks: Block[]): EntryCard['cover'] {
  const list = blocks.filter((b) => !b.hidden);
  const cover = list.find((b) => b.cover) ?? list.find((b) => b.type === 'media' || b.type === 'video');
  return cover ? { type: cover.type, data: cover.data } : null;
}

/** The first quiz out of a spoiler, unless it is the cover already: the feed card shows it under the intro. */
export function cardQuizOf(blocks: Block[]): { quiz?: BlockOf<'quiz'> } {
  const quiz = blocks.find((b): b is BlockOf<'quiz'> => b.type === 'quiz' && !b.hidden);
  return quiz && coverOf(blocks)?.type !== 'quiz' ? { quiz: { type: 'quiz', data: quiz.data } } : {};
}

/** The first audio out of a spoiler, unless it is the cover already: the feed card plays it under the intro. */
export function cardAudioOf(blocks: Block[]): { audio?: BlockOf<'audio'> } {
  const audio = blocks.find((b): b is BlockOf<'audio'> => b.type === 'audio' && !b.hidden);
  return audio && coverOf(blocks)?.type !== 'audio' ? { audio: { type: 'audio', data: audio.data } } : {};
}

export function entryUrl(e: {
  id: number;
  slug: string;
  subsite_id: number;
  subsite_type: string;
  subsite_slug: string;
}) {
  const base = subsiteUrl({ id: e.subsite_id, type: e.subsite_type, slug: e.subsite_slug });
  return `${base}/${e.id}${e.slug ? `-${e.slug}` : ''}`;
}

/** A feed card; `secret` makes the author's `hash` (the app's `ctx.config.secret`). */
export function presentCard(row: q.EntryCardRow, secret: string): EntryCard {
  return {
    id: row.id,
    url: entryUrl(row),
    title: row.title,
    intro: introOf(row.blocks),
    cover: row.custom_cover ? customCoverBlock(row.custom_cover) : coverOf(row.blocks),
    ...cardQuizOf(row.blocks),
    ...cardAudioOf(row.blocks),
    audio_listens: row.audio_listens ?? {},
    date: row.published_at.toISOString(),
    author: presentAuthor(row, secret),
    subsite: {
      id: row.subsite_id,
      type: row.subsite_type,
      name: row.subsite_name,
      url: subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug }),
      avatar_url: row.subsite_avatar,
      avatar_color: row.subsite_color,
      ...(row.subsite_private ? { is_private: true } : {}),
    },
    likes: { count: row.likes_count, summ: row.likes_summ, is_liked: row.my_vote },
    counters: {
      comments: row.comments_count,
      favorites: row.favorites_count,
      hits: row.hits_count,
      reposts: row.reposts_count,
    },
    is_favorited: row.is_favorited,
    is_nsfw: row.is_nsfw,
    is_enabled_comments: row.is_enabled_comments,
    is_enabled_likes: row.is_enabled_likes,
    is_advertisement: row.is_advertisement,
    is_still_updating: row.is_still_updating,
    is_editorial: row.is_editorial,
    is_special: row.is_special,
    is_filled_by_editors: row.is_filled_by_editors,
    is_clean_cover: row.is_clean_cover,
  };
}

export const entrySlug = (title: string) => slugify(title, 60);

type Viewer = Pick<UserRow, 'id' | 'role'> | null;

/** How the entry is read: the reader's region (`withheld`), when known. */
export interface ReadOptions {
  region?: ReaderRegion;
}

export function presentEntry(ctx: Ctx, row: q.EntryRow, viewer: Viewer, opts: ReadOptions = {}): Entry {
  const date = row.published_at ?? row.created_at;
  const card = presentCard({ ...row, published_at: date }, ctx.config.secret);
  const editor = canEdit(viewer, { authorId: row.author_id });
  const fields = presentFields(row, {
    editor,
    region: opts.region ?? null,
    publicUrl: ctx.config.publicUrl,
    entryUrl: card.url,
    now: ctx.now(),
  });
  // Withheld in the reader's region: the legal wording stands in for the text (the page says it).
  const hidden = fields.is_withheld_here;
  return {
    ...card,
    ...(hidden ? { intro: '', cover: null, quiz: undefined } : {}),
    ...fields,
    type: 'entry',
    blocks: hidden ? [] : row.blocks,
    modification_date: row.updated_at.toISOString(),
    is_published: row.is_published,
    removed: row.removed,
    is_approved_for_public_rss: row.is_approved_for_public_rss,
    is_hidden_from_main: row.is_hidden_from_main,
    is_hidden_for_plus: row.is_hidden_for_plus,
    locked_by_admin: row.locked_by_admin,
    // The marker is the closer's own (spec/content.md §6).
    is_closed_editing: viewer !== null && row.closed_editing_by === viewer.id,
    pinned_feeds: row.pinned_feeds,
    awaiting_review: canEdit(viewer, { authorId: row.author_id }) ? row.awaiting_review : null,
    rejection: canEdit(viewer, { authorId: row.author_id }) ? row.rejection : null,
    subsite_id: row.subsite_id,
    user_id: row.author_id,
    can_edit: editor,
  };
}

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

interface SaveBase {
  id?: number;
  title: string;
  subsite_id?: number;
  entry: Block[];
  is_published: boolean;
  is_enabled_comments?: boolean;
  is_enabled_likes?: boolean;
  is_nsfw?: boolean;
  is_hidden_from_main?: boolean;
}

export type SaveInput = SaveBase & FieldsInput;

/** Text that says something once the markup is gone; an entry of empty paragraphs is still empty. */
const hasContent = (b: Block) =>
  !(b.type === 'text' || b.type === 'header') ||
  b.data.text.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;

/**
 * Creates or updates an entry of the actor (or, for staff, anyone's): a draft or published, in the actor's
 * blog or a subsite they may post to. Every check runs before anything is written, so a refusal changes nothing;
 * the entry, its version and its hotness are written in one transaction, so a failure keeps none of them.
 */
export async function save(
  ctx: Ctx,
  actor: NonNullable<Viewer>,
  input: SaveInput,
): Promise<{ entry: Entry; rm: string }> {
  return transaction(ctx, async (ctx) => {
    const existing = input.id !== undefined ? await q.entryState(ctx.db, input.id) : undefined;
    if (input.id !== undefined) assertCanEdit(actor, existing);
    const subsiteId = input.subsite_id ?? existing?.subsiteId ?? actor.id;
    const target = await q.subsiteWithRole(ctx.db, subsiteId, actor.id);
    const moving = subsiteId !== existing?.subsiteId;
    const firstPublication = input.is_published && !existing?.isPublished;
    // The posting rule holds when an entry comes into a subsite and when its author publishes a draft there (the
    // community may have closed since the draft was written); staff editing another's entry keep its place.
    if (moving || (firstPublication && existing?.authorId === actor.id)) assertCanPostTo(actor, target);
    if (subsiteId !== actor.id) await assertNotBannedIn(ctx, actor.id, subsiteId);
    if (existing && input.is_published) await assertNotLocked(ctx, existing.id);
    if (existing) await assertEditingOpen(ctx, actor, existing.id);
    assertHiddenFromMain(actor, input.is_hidden_from_main, existing?.isHiddenFromMain ?? false);
    const current = existing ? await entryForEdit(ctx, actor, existing.id) : STAFF_DEFAULTS;
    assertFieldsAllowed(actor, input, current);
    if (!input.title && !input.entry.some(hasContent))
      throw badRequest(messages.entryEmpty, { errors: { entry: messages.entryEmpty } });

    const blocks = sanitizeBlocks(input.entry);
    // Uploaded videos: the author's or the editor's own, and made (the job done) before the entry is published.
    await assertEntryVideos(ctx, [...new Set([actor.id, existing?.authorId ?? actor.id])], blocks, input.is_published);
    // A new account's first publication with links waits for staff (moderation, 'held spam').
    const held = firstPublication && (await shouldHold(ctx, actor.id, blocks));
    // A moderated community's approval queue takes what comes to be published there from outside its managers.
    const awaiting =
      !held &&
      input.is_published &&
      (firstPublication || moving) &&
      target !== undefined &&
      needsApproval(actor, target);
    const publish = input.is_published && !held && !awaiting;
    const now = ctx.now();
    const extra = fieldValues(input, now, isStaff(actor));
    const values: q.EntryValues = {
      subsiteId,
      title: input.title,
      slug: entrySlug(input.title),
      blocks,
      isPublished: publish,
      isEnabledComments: input.is_enabled_comments,
      isEnabledLikes: input.is_enabled_likes,
      isNsfw: input.is_nsfw,
      isHiddenFromMain: extra.isHiddenFromMain ?? input.is_hidden_from_main,
      fields: extra.fields,
    };
    const id = existing ? existing.id : await q.insertEntry(ctx.db, actor.id, values, now);
    await keepVersion(ctx, {
      entryId: id,
      authorId: actor.id,
      title: values.title,
      blocks: values.blocks,
      isPublished: publish,
    });
    if (existing) await q.updateEntry(ctx.db, existing.id, values, now);
    if (input.renew_access_link) await q.renewAccessToken(ctx.db, id);
    // The tags of the text, in the same transaction: a tag's feed never disagrees with the entry.
    await syncEntryHashtags(ctx, id, values.blocks);
    // What other modules keep of the blocks (the quizzes), in the same transaction.
    await keepBlocks(ctx, id, values.blocks);
    // Sent to be published again: a community's earlier rejection is no longer its state.
    if (input.is_published) await clearRejection(ctx, id);
    // A new publication takes its place in the popular feed now, not at the next batch refresh.
    if (held || awaiting) await holdForReview(ctx, id, subsiteId, held ? 'spam' : 'approval');
    // Saved back to a draft: the author took it out of the queue.
    else if (!input.is_published) await withdrawReview(ctx, id);
    if (publish) await refreshEntryHotness(ctx, id);
    if (publish && !existing?.isPublished) {
      ctx.events.emit('entry.published', {
        entryId: id,
        subsiteId,
        authorId: existing?.authorId ?? actor.id,
        title: input.title,
      });
    }

    const row = await q.entryById(ctx.db, id, actor.id);
    if (!row) throw notFound(messages.entryNotFound);
    const rm = held
      ? messages.entryHeldForReview
      : awaiting
        ? messages.entryAwaitingApproval
        : !input.is_published
          ? messages.entrySaved
          : existing?.isPublished
            ? messages.entryUpdated
            : messages.entryPublished;
    return { entry: presentEntry(ctx, row, actor), rm };
  });
}

const WRITING_TARGETS_MAX = 200;

/** The subsites the writing form offers: the user's blog first, then those with a role, then open communities. */
export async function writingTargets(ctx: Ctx, actor: NonNullable<Viewer>): Promise<WritingTarget[]> {
  const rows = await q.postingCandidates(ctx.db, actor.id, isStaff(actor), WRITING_TARGETS_MAX);
  return rows
    .filter((r) => canPostTo(actor, r))
    .map(({ subsite: s }) => ({
      id: s.id,
      type: s.type,
      name: s.name,
      url: subsiteUrl(s),
      avatar_url: s.avatarUrl,
      avatar_color: s.avatarColor,
    }));
}

export const DRAFTS_PAGE = 20;

/** The actor's own drafts (staff see only theirs too: the list is a way back to one's own writing). */
export async function drafts(ctx: Ctx, actor: NonNullable<Viewer>, lastId: number | null): Promise<DraftsList> {
  const rows = await q.draftsOf(ctx.db, actor.id, lastId, DRAFTS_PAGE);
  const items = rows.slice(0, DRAFTS_PAGE).map((row) => ({
    id: row.id,
    title: row.title,
    intro: truncate(introOf(row.blocks), 200),
    date: row.updated_at.toISOString(),
    subsite: {
      id: row.subsite_id,
      name: row.subsite_name,
      url: subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug }),
    },
    awaiting_review: row.awaiting_review,
    rejection: row.rejection,
  }));
  return { items, last_id: items.at(-1)?.id ?? null, is_finished: rows.length <= DRAFTS_PAGE };
}

/** Moderation's approval of a held entry: published as its author's publishing would be (the caller checked). */
export async function publishApproved(ctx: Ctx, id: number): Promise<boolean> {
  return transaction(ctx, async (ctx) => {
    const row = await q.publishNow(ctx.db, id, ctx.now());
    if (!row) return false;
    await refreshEntryHotness(ctx, id);
    ctx.events.emit('entry.published', {
      entryId: id,
      subsiteId: row.subsiteId,
      authorId: row.authorId,
      title: row.title,
    });
    return true;
  });
}

/**
 * Moderation (unpublish, unforce, 18+): sets the given flags of any entry, in the caller's transaction; the caller
 * checked the permission. Hotness is refreshed so the feeds see the change at once. Answers whether it exists.
 */
export async function setModerationFlags(
  ctx: Ctx,
  id: number,
  flags: { isPublished?: boolean; isNsfw?: boolean; isHiddenFromMain?: boolean },
): Promise<boolean> {
  return transaction(ctx, async (ctx) => {
    const found = await q.setModerationFlags(ctx.db, id, flags);
    if (found) await refreshEntryHotness(ctx, id);
    return found;
  });
}
