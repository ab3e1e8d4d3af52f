import type { z } from 'zod';
import type { draftItem, draftsList } from './api/entries.ts';

/** The author's drafts as the API and the `/drafts` page see them (`GET /v3.0/writing/drafts`, api/entries.ts). */
export type DraftItem = z.output<typeof draftItem>;

/** Newest change first, paged by `last_id`. */
export type DraftsList = z.output<typeof draftsList>;
