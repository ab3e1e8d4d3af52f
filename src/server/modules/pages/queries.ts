import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { staticPages, staticPageVersions } from '../../db/schema.ts';
import { storedBlocks, type Block } from '../../../shared/blocks.ts';
import { PAGE_VERSIONS_KEPT } from '../../../shared/static-pages.ts';

/** A page with the name of whoever saved it last (a user's blog shares the user's id). */
const PageRow = z.object({
  slug: col.text,
  title: col.text,
  description: col.text,
  blocks: storedBlocks,
  updated_at: col.date,
  updated_by: col.int.nullable(),
  updated_by_name: col.text.nullable(),
});
export type PageRow = z.output<typeof PageRow>;

const pageSelect = sql`
  select p.slug, p.title, p.description, p.blocks, p.updated_at, p.updated_by, a.name as updated_by_name
    from static_pages p
    left join subsites a on a.id = p.updated_by`;

export const page = (db: Db, slug: string) => firstRow(db, PageRow, sql`${pageSelect} where p.slug = ${slug}`);
export const allPages = (db: Db) => rows(db, PageRow, pageSelect);

const VersionRow = z.object({
  id: col.int,
  created_at: col.date,
  title: col.text,
  author_id: col.int.nullable(),
  author_name: col.text.nullable(),
  is_current: col.bool,
});
export type VersionRow = z.output<typeof VersionRow>;
const VersionWithContent = VersionRow.extend({ description: col.text, blocks: storedBlocks });

/** The newest version is current while the page reads exactly like it (jsonb compares by value). */
const versionSelect = sql`
  select v.id, v.created_at, v.title, v.author_id, a.name as author_name, v.description, v.blocks,
         (v.id = (select max(l.id) from static_page_versions l where l.slug = v.slug)
           and v.title = p.title and v.description = p.description and v.blocks = p.blocks) as is_current
    from static_page_versions v
    join static_pages p on p.slug = v.slug
    left join subsites a on a.id = v.author_id`;

export const versions = (db: Db, slug: string): Promise<VersionRow[]> =>
  rows(db, VersionRow, sql`${versionSelect} where v.slug = ${slug} order by v.id desc limit ${PAGE_VERSIONS_KEPT}`);

/** One version of one page: a version id under another page finds nothing. */
export const version = (db: Db, slug: string, id: number) =>
  firstRow(db, VersionWithContent, sql`${versionSelect} where v.slug = ${slug} and v.id = ${id}`);

export interface PageContent {
  title: string;
  description: string;
  blocks: Block[];
}

/** A page's first text (the template), once: a page already there keeps what it says. Answers whether it wrote. */
export async function insertIfMissing(db: Db, slug: string, c: PageContent): Promise<boolean> {
  const made = await db
    .insert(staticPages)
    .values({ slug, ...c })
    .onConflictDoNothing()
    .returning({ slug: staticPages.slug });
  if (made.length === 0) return false;
  await db.insert(staticPageVersions).values({ slug, ...c });
  return true;
}

/** A save: the page takes the content and a version keeps it; versions beyond the kept number go. */
export async function write(db: Db, slug: string, c: PageContent, authorId: number): Promise<void> {
  await db
    .update(staticPages)
    .set({ ...c, updatedBy: authorId, updatedAt: new Date() })
    .where(sql`${staticPages.slug} = ${slug}`);
  await db.insert(staticPageVersions).values({ slug, ...c, authorId });
  await db.execute(sql`
    delete from static_page_versions
     where slug = ${slug}
       and id not in (select id from static_page_versions where slug = ${slug} order by id desc limit ${PAGE_VERSIONS_KEPT})`);
}
