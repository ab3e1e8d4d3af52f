import { z } from 'zod';
import { entryBlocksField, type Block } from '../blocks.ts';
import { messages } from '../catalogue.ts';
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX, PAGE_VERSIONS_KEPT, pageVersion, staticPage } from '../static-pages.ts';
import { collapse, idField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * The site's own pages (issue 31, point 5): anyone reads one; administrators (admin and superuser) write it, list its
 * versions and bring one back. An unknown slug is a 404.
 */

/** The blocks a page takes: the entries' set without the ones that need an entry (a quiz, a donation). */
export const PAGE_BLOCK_TYPES = [
  'text',
  'header',
  'list',
  'quote',
  'incut',
  'media',
  'video',
  'link',
  'code',
  'warning',
  'delimiter',
  'number',
  'person',
] as const satisfies readonly Block['type'][];

const slugParams = z.object({ slug: z.string({ error: messages.pageNotFound }).max(40, messages.pageNotFound) });

const pageTitle = z
  .string({ error: messages.pageTitleRequired })
  .transform(collapse)
  .pipe(z.string().min(1, messages.pageTitleRequired).max(PAGE_TITLE_MAX, messages.pageTitleTooLong(PAGE_TITLE_MAX)));
const pageDescription = z
  .string({ error: messages.pageDescriptionType })
  .transform(collapse)
  .pipe(z.string().max(PAGE_DESCRIPTION_MAX, messages.pageDescriptionTooLong(PAGE_DESCRIPTION_MAX)));
/** The entries' blocks (their checks, sizes and Russian refusals), with the flags dropped and a reduced set. */
const pageBlocks = entryBlocksField
  .transform((blocks) => blocks.map((b) => ({ type: b.type, data: b.data }) as Block))
  .refine((blocks) => blocks.length > 0, messages.pageBlocksRequired)
  .refine(
    (blocks) => blocks.every((b) => (PAGE_BLOCK_TYPES as readonly string[]).includes(b.type)),
    messages.pageBlockType,
  );

export const read = contract({
  method: 'GET',
  path: '/pages/:slug',
  access: 'anyone',
  params: slugParams,
  response: z.object({ page: staticPage }),
  errors: ['page_not_found'],
});
export type StaticPageData = ContractOutput<typeof read>;

/** Saves the page as a new version; the answer is the page as saved (its inline HTML sanitized). */
export const save = contract({
  method: 'POST',
  path: '/pages/:slug',
  access: 'admin',
  params: slugParams,
  body: plainBody({ title: pageTitle, description: pageDescription, blocks: pageBlocks }),
  response: z.object({ page: staticPage }),
  errors: ['page_not_found', 'page_title_required', 'page_blocks_required', 'page_block_type'],
});

/** The page's versions, newest first: the last PAGE_VERSIONS_KEPT saves. */
export const versions = contract({
  method: 'GET',
  path: '/pages/:slug/versions',
  access: 'admin',
  params: slugParams,
  response: z.object({ items: z.array(pageVersion).max(PAGE_VERSIONS_KEPT) }),
  errors: ['page_not_found'],
});

/** The page takes the version's title, description and blocks through the ordinary save (a version of its own). */
export const restore = contract({
  method: 'POST',
  path: '/pages/:slug/versions/:id/restore',
  access: 'admin',
  params: slugParams.extend({ id: idField(messages.pageVersionIdInvalid) }),
  response: z.object({ page: staticPage }),
  errors: ['page_not_found', 'page_version_not_found', 'page_version_id_invalid'],
});
