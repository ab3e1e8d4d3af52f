import { z } from 'zod';
import { storedBlock } from './blocks.ts';

/**
 * The site's own pages (issue 31, point 5): rules, agreement, about, contacts and the board's terms, each at a fixed
 * address, written by staff in the block editor with versions. A fresh site starts them from templates.
 */
export const STATIC_PAGES = {
  terms: '/terms',
  agreement: '/agreement',
  about: '/about',
  contacts: '/contacts',
  'job-rules': '/job/rules',
  'job-agreement': '/job/agreement',
} as const;
export type StaticSlug = keyof typeof STATIC_PAGES;
export const STATIC_SLUGS = Object.keys(STATIC_PAGES) as StaticSlug[];
export const isStaticSlug = (s: string): s is StaticSlug => Object.hasOwn(STATIC_PAGES, s);

export const PAGE_TITLE_MAX = 120;
/** The search snippet and the link preview. */
export const PAGE_DESCRIPTION_MAX = 300;
/** Versions kept per page: the oldest beyond it go when a save adds one. */
export const PAGE_VERSIONS_KEPT = 50;

export const staticPage = z.object({
  slug: z.enum(STATIC_SLUGS as [StaticSlug, ...StaticSlug[]]),
  /** Where readers find it. */
  path: z.string(),
  title: z.string(),
  description: z.string(),
  blocks: z.array(storedBlock),
  updated_at: z.string(),
  /** Who saved it last; null for the template of a fresh site. */
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StaticPage = z.output<typeof staticPage>;

export const pageVersion = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The newest version while the page still reads exactly like it. */
  is_current: z.boolean(),
});
export type PageVersion = z.output<typeof pageVersion>;
