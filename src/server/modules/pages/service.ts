import { messages } from '../../../shared/catalogue.ts';
import {
  isStaticSlug,
  STATIC_PAGES,
  STATIC_SLUGS,
  type PageVersion,
  type StaticPage,
  type StaticSlug,
} from '../../../shared/static-pages.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { expected, notFound } from '../../lib/errors.ts';
import { sanitizeBlocks } from '../entries/index.ts';
import * as q from './queries.ts';
import { templateOf } from './templates.ts';

type Actor = { id: number };

/** Apps whose pages are known to exist: the templates are written once per app, at its first read. */
const ready = new WeakMap<Ctx, Promise<void>>();

/**
 * A fresh site's pages come from the templates (with SEED=0 too: they are the site's furniture, not demo content).
 * The first read of an app writes every missing page; a page already there keeps what staff wrote.
 */
function ensurePages(ctx: Ctx): Promise<void> {
  let done = ready.get(ctx.root);
  if (!done) {
    done = (async () => {
      for (const slug of STATIC_SLUGS) await q.insertIfMissing(ctx.db, slug, templateOf(slug));
    })();
    done.catch(() => ready.delete(ctx.root));
    ready.set(ctx.root, done);
  }
  return done;
}

function slugOf(slug: string): StaticSlug {
  if (!isStaticSlug(slug)) throw notFound(messages.pageNotFound);
  return slug;
}

function present(row: q.PageRow): StaticPage {
  const slug = slugOf(row.slug);
  return {
    slug,
    path: STATIC_PAGES[slug],
    title: row.title,
    description: row.description,
    blocks: row.blocks,
    updated_at: row.updated_at.toISOString(),
    updated_by:
      row.updated_by === null || row.updated_by_name === null
        ? null
        : { id: row.updated_by, name: row.updated_by_name },
  };
}

async function pageRow(ctx: Ctx, slug: string): Promise<q.PageRow> {
  const known = slugOf(slug);
  await ensurePages(ctx);
  return expected(await q.page(ctx.read, known), `static page ${known}`);
}

/** The page at its address, for anyone. */
export async function read(ctx: Ctx, slug: string): Promise<StaticPage> {
  return present(await pageRow(ctx, slug));
}

/** Every page, in the order of STATIC_PAGES, for the administrators' screen. */
export async function all(ctx: Ctx): Promise<StaticPage[]> {
  await ensurePages(ctx);
  const rows = (await q.allPages(ctx.read)).filter((r) => isStaticSlug(r.slug));
  return STATIC_SLUGS.flatMap((slug) => rows.filter((r) => r.slug === slug)).map(present);
}

/** The page's versions, newest first. */
export async function versions(ctx: Ctx, slug: string): Promise<PageVersion[]> {
  const row = await pageRow(ctx, slug);
  return (await q.versions(ctx.read, row.slug)).map((v) => ({
    id: v.id,
    date: v.created_at.toISOString(),
    title: v.title,
    author: v.author_id === null || v.author_name === null ? null : { id: v.author_id, name: v.author_name },
    is_current: v.is_current,
  }));
}

/** Saves the page (inline HTML sanitized as entries' is) and keeps the save as a version. */
export async function save(ctx: Ctx, actor: Actor, slug: string, content: q.PageContent): Promise<StaticPage> {
  const known = slugOf(slug);
  await ensurePages(ctx);
  return transaction(ctx, async (ctx) => {
    await q.write(ctx.db, known, { ...content, blocks: sanitizeBlocks(content.blocks) }, actor.id);
    return present(expected(await q.page(ctx.db, known), `static page ${known}`));
  });
}

/** The page takes a version's content through the ordinary save, so bringing one back can be undone too. */
export async function restore(ctx: Ctx, actor: Actor, slug: string, versionId: number): Promise<StaticPage> {
  const known = slugOf(slug);
  await ensurePages(ctx);
  const v = await q.version(ctx.db, known, versionId);
  if (!v) throw notFound(messages.pageVersionNotFound);
  return save(ctx, actor, known, { title: v.title, description: v.description, blocks: v.blocks });
}
