import type { DraftsList } from '../../../shared/drafts.ts';
import type { WritingTarget } from '../../../shared/entries.ts';
import { truncate } from '../../../shared/format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { isStaff } from '../auth/index.ts';
import { canPostTo } from './policy.ts';
import * as q from './queries.ts';
import { introOf, type Viewer } from './present.ts';

/** The entries module's service: how entries are shown, read and written (each in its file), writing targets and drafts. */
export * from './present.ts';
export * from './read.ts';
export * from './write.ts';

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
