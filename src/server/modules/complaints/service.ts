import { messages } from '../../../shared/catalogue.ts';
import {
  COMPLAINT_TEXT_MAX,
  MISPRINT_CONTEXT_MAX,
  MISPRINT_FRAGMENT_MAX,
  type ComplaintReason,
  type ComplaintTarget,
} from '../../../shared/complaints.ts';
import type { ComplaintItem, MisprintItem } from '../../../shared/api/complaints.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import { collapse } from '../../../shared/validation.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import { recordAction } from '../moderation/service.ts';
import { entryFacts } from '../restrictions/index.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

type Actor = policy.Actor;
const PAGE = 30;

export interface ComplaintInput {
  reason: ComplaintReason;
  text: string;
}

function cleanText(text: string, max: number, rm: (max: number) => string) {
  const t = collapse(text);
  if (t.length > max) throw badRequest(rm(max));
  return t;
}

/** 'Other' needs a text; the others may carry one. */
function complaintText(input: ComplaintInput) {
  const text = cleanText(input.text, COMPLAINT_TEXT_MAX, messages.complaintTextTooLong);
  if (input.reason === 'other' && !text)
    throw badRequest(messages.complaintTextRequired, { errors: { text: messages.complaintTextRequired } });
  return text;
}

async function store(ctx: Ctx, actor: Actor, targetType: ComplaintTarget, targetId: number, input: ComplaintInput) {
  const text = complaintText(input);
  const id = await q.insertComplaint(ctx.db, {
    userId: actor.id,
    targetType,
    targetId,
    reason: input.reason,
    text,
    now: ctx.now(),
  });
  if (id === null) throw new ApiError(409, messages.complaintDuplicate);
  return { id, target_type: targetType, target_id: targetId };
}

/**
 * `POST /contents/complain {content_id, user_id}`: a reader's complaint about an entry (`user_id`, when sent, is its
 * author, as the spec's client sends it). One per reader per target; not about one's own.
 */
export async function complainEntry(
  ctx: Ctx,
  actor: Actor,
  entryId: number,
  authorId: number | null,
  input: ComplaintInput,
) {
  const e = await entryFacts(ctx, entryId);
  if (!e || e.removed || !e.is_published) throw notFound(messages.complaintEntryNotFound);
  if (authorId !== null && authorId !== e.author_id) throw badRequest(messages.complaintAuthorMismatch);
  policy.assertNotOwn(actor.id, e.author_id);
  return store(ctx, actor, 'entry', entryId, input);
}

/** `POST /comments/complain {id}`. */
export async function complainComment(ctx: Ctx, actor: Actor, commentId: number, input: ComplaintInput) {
  const c = await q.findComment(ctx.db, commentId);
  if (!c || c.removed) throw notFound(messages.complaintCommentNotFound);
  policy.assertNotOwn(actor.id, c.author_id);
  return store(ctx, actor, 'comment', commentId, input);
}

/** `POST /subsite/complain {subsite_id}`: a community, a company or a person's blog. */
export async function complainSubsite(ctx: Ctx, actor: Actor, subsiteId: number, input: ComplaintInput) {
  if (!(await q.subsiteExists(ctx.db, subsiteId))) throw notFound(messages.complaintSubsiteNotFound);
  policy.assertNotOwn(actor.id, subsiteId);
  return store(ctx, actor, 'subsite', subsiteId, input);
}

function presentComplaint(c: q.ComplaintRow): ComplaintItem {
  let url: string | null = null;
  if (c.target_type === 'entry') url = `/${c.target_id}`;
  else if (c.target_type === 'comment' && c.entry_id !== null) url = `/${c.entry_id}?comment=${c.target_id}`;
  else if (c.target_type === 'subsite' && c.subsite_slug !== null)
    url = subsiteUrl({ id: c.target_id, type: c.subsite_type ?? 'user', slug: c.subsite_slug });
  return {
    id: c.id,
    target_type: c.target_type,
    target_id: c.target_id,
    target_url: url,
    target_text: c.target_text ?? '',
    reason: c.reason,
    text: c.text,
    by: { id: c.by_id, name: c.by_name },
    count: c.count,
    date: c.created_at.toISOString(),
  };
}

/** `GET /admin/complaints`: the open complaints, newest first (staff). */
export async function complaintsQueue(ctx: Ctx, actor: Actor, lastId: number | null) {
  policy.assertStaff(actor);
  const items = await q.openComplaints(ctx.db, lastId, PAGE);
  return {
    items: items.map(presentComplaint),
    last_id: items.length === PAGE ? items[items.length - 1].id : null,
  };
}

/**
 * `POST /admin/complaints/{id}/resolve {resolution}`: staff accept or reject a complaint; the other open complaints
 * about the same target go with it. Logged. What to do with the target is the staff's next step (remove, ban…).
 */
export async function resolveComplaint(ctx: Ctx, actor: Actor, id: number, resolution: 'accepted' | 'rejected') {
  policy.assertStaff(actor);
  return transaction(ctx, async (ctx) => {
    const done = await q.resolveComplaint(ctx.db, id, actor.id, resolution, ctx.now());
    if (!done.length) throw notFound(messages.complaintNotFound);
    await recordAction(ctx, {
      actorId: actor.id,
      action: `complaint.${resolution === 'accepted' ? 'accept' : 'reject'}`,
      targetType: done[0].target_type,
      targetId: done[0].target_id,
      data: { complaint_ids: done.map((d) => d.id) },
    });
    return { resolved: done.map((d) => d.id), resolution };
  });
}

// ---- misprints ----

function presentMisprint(m: q.MisprintRow): MisprintItem {
  return {
    id: m.id,
    entry_id: m.entry_id,
    entry_title: m.entry_title,
    entry_url: `/${m.entry_id}`,
    fragment: m.fragment,
    context: m.context,
    comment: m.comment,
    by: m.by_id === null ? null : { id: m.by_id, name: m.by_name ?? '' },
    date: m.created_at.toISOString(),
    fixed: m.fixed_at !== null,
  };
}

/** `POST /misprint {content_id, fragment, context, comment}`: Ctrl+Enter on a selection of a published entry. */
export async function reportMisprint(
  ctx: Ctx,
  actor: Actor,
  input: { content_id: number; fragment: string; context: string; comment: string },
) {
  const fragment = collapse(input.fragment);
  if (!fragment)
    throw badRequest(messages.misprintFragmentRequired, { errors: { fragment: messages.misprintFragmentRequired } });
  if (fragment.length > MISPRINT_FRAGMENT_MAX) throw badRequestOf('misprintFragmentTooLong', MISPRINT_FRAGMENT_MAX);
  const context = collapse(input.context);
  if (context.length > MISPRINT_CONTEXT_MAX) throw badRequest(messages.misprintContextTooLong);
  const comment = cleanText(input.comment, COMPLAINT_TEXT_MAX, messages.complaintTextTooLong);
  const e = await entryFacts(ctx, input.content_id);
  if (!e || e.removed || !e.is_published) throw notFound(messages.complaintEntryNotFound);
  const id = await q.insertMisprint(ctx.db, {
    entryId: e.id,
    userId: actor.id,
    fragment,
    context,
    comment,
    now: ctx.now(),
  });
  if (id === null) throw new ApiError(409, messages.misprintDuplicate);
  return { id };
}

/** `GET /content/misprints/{id}`: an entry's reports for its author and staff. */
export async function entryMisprints(ctx: Ctx, actor: Actor, entryId: number) {
  const e = await entryFacts(ctx, entryId);
  if (!e || e.removed) throw notFound(messages.complaintEntryNotFound);
  policy.assertCanSeeMisprints(actor, e.author_id);
  return { items: (await q.misprints(ctx.db, { entryId, lastId: null, limit: 100 })).map(presentMisprint) };
}

/** `GET /admin/misprints`: every open report (staff). */
export async function misprintsQueue(ctx: Ctx, actor: Actor, lastId: number | null) {
  policy.assertStaff(actor);
  const items = await q.misprints(ctx.db, { lastId, limit: PAGE });
  return {
    items: items.map(presentMisprint),
    last_id: items.length === PAGE ? items[items.length - 1].id : null,
  };
}

/** `POST /misprint/{id}/fix`: the entry's author or staff mark a report fixed. */
export async function fixMisprint(ctx: Ctx, actor: Actor, id: number) {
  const m = await q.findMisprint(ctx.db, id);
  if (!m) throw notFound(messages.misprintNotFound);
  policy.assertCanSeeMisprints(actor, m.entry_author);
  if (!(await q.fixMisprint(ctx.db, id, actor.id, ctx.now()))) throw badRequest(messages.misprintAlreadyFixed);
  return { id, fixed: true };
}
