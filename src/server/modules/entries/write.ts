import type { Block } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import { refreshEntryHotness } from './hotness.ts';
import { keepVersion } from './versions.ts';
import { keepBlocks } from './hooks.ts';
import { syncEntry as syncEntryHashtags } from '../hashtags/service.ts';
import { assertCanEdit, assertCanPostTo, assertHiddenFromMain, needsApproval } from './policy.ts';
import * as q from './queries.ts';
import { assertFieldsAllowed, fieldValues, STAFF_DEFAULTS, type FieldsInput } from './fields.ts';
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
import { assertEntryVideos } from '../media/service.ts';

import { entrySlug, presentEntry, type Viewer } from './present.ts';
import { entryForEdit } from './read.ts';

/** Writing entries: the author's save, moderation's approval and flags. */

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
