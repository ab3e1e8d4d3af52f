import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { idField, intChoice, targetField } from '../reactions.ts';
import { plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Bookmarks and sharing (spec/content.md §7): the model of a module's contracts. */

/** `state` 1 keeps a bookmark, 0 drops it; asking twice changes nothing. */
export const change = contract({
  method: 'POST',
  path: '/favorite/change',
  access: 'active',
  body: plainBody({
    id: idField,
    type: targetField,
    state: intChoice([0, 1] as const, messages.favoriteStateInvalid),
  }),
  /** `count`: the entry's bookmark count after the change (comments keep none: null). */
  response: z.object({
    id: z.number().int(),
    type: z.enum(['content', 'comment']),
    state: z.union([z.literal(0), z.literal(1)]),
    count: z.number().int().nullable(),
  }),
  errors: ['favorite_state_invalid', 'reaction_type_invalid', 'entry_not_found', 'comment_not_found'],
});
export type FavoriteData = ContractOutput<typeof change>;

const shareService = z.object({
  short_name: z.enum(['vk', 'telegram', 'ok', 'whatsapp', 'x', 'email']),
  name: z.string(),
  url: z.string(),
});
export type ShareService = z.output<typeof shareService>;

/** The entry's link and the share services' addresses for it (the share dialog). */
export const shares = contract({
  method: 'GET',
  path: '/content/shares/mobile/:id',
  access: 'anyone',
  params: z.object({ id: idField }),
  response: z.object({ url: z.string(), services: z.array(shareService) }),
  errors: ['entry_not_found'],
});
export type SharesData = ContractOutput<typeof shares>;
