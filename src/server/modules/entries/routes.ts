import { entryBlocksField, entryTitleField } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { EntryData } from '../../../shared/entries.ts';
import { flagField, idField, plainBody } from '../../../shared/validation.ts';
import { notFound } from '../../lib/errors.ts';
import * as contracts from '../../../shared/api/entries.ts';
import { READS, route } from '../../http/route.ts';
import { ok } from '../../lib/answers.ts';
import * as entries from './service.ts';

const flag = flagField(messages.entryFlagInvalid);

const saveBody = plainBody({
  id: idField(messages.entryIdInvalid).optional(),
  title: entryTitleField,
  subsite_id: idField(messages.subsiteNotFound).optional(),
  entry: entryBlocksField,
  is_published: flag,
  is_enabled_comments: flag.optional(),
  is_enabled_likes: flag.optional(),
  is_nsfw: flag.optional(),
  is_hidden_from_main: flag.optional(),
});

/** Writing and reading entries (spec/content.md). */
export const entriesRoutes = [
  route.post('/writing/save', {
    access: 'active',
    rateLimit: [30, 60],
    body: saveBody,
    // The message says what the save did (saved, published, updated): the envelope is built here.
    raw: true,
    handler: async ({ ctx, user, body }) => {
      const { entry, rm } = await entries.save(ctx, user, body);
      return ok<EntryData>({ entry }, rm);
    },
  }),

  route.implement(contracts.forEdit, {
    rateLimit: READS,
    handler: async ({ ctx, user, params }) => ({ entry: await entries.entryForEdit(ctx, user, params.id) }),
  }),

  // The way back to a draft after the editor closed: the signed-in user's own, newest change first.
  route.implement(contracts.drafts, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, query }) => entries.drafts(ctx, user, query.last_id ?? null),
  }),

  // The editor popup's subsite choice (the /writing page gets the same list from its loader).
  route.implement(contracts.targets, {
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ targets: await entries.writingTargets(ctx, user) }),
  }),

  route.implement(contracts.read, {
    rateLimit: READS,
    handler: async ({ ctx, user, params }) => {
      const entry = await entries.readEntry(ctx, user, params.id);
      if (!entry) throw notFound(messages.entryNotFound);
      return { entry };
    },
  }),
];
