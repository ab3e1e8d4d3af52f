import { z } from 'zod';
import { messages } from '../catalogue.ts';
import {
  DEVICE_FINGERPRINT_HEADER,
  DEVICE_FINGERPRINT_RE,
  QUIZ_BUNDLE_MAX,
  QUIZ_HASH_RE,
  QUIZ_ITEMS_MAX,
} from '../quiz.ts';
import { idField, listField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * Quizzes (spec/content.md §3, §7). The browser sends its fingerprint in `X-Device-Fingerprint` (shared/quiz.ts);
 * the spec's `{type}` segment of the vote is the quiz's hash, `{option}` an option's hash.
 */

const quizHash = z.string({ error: messages.quizHashInvalid }).regex(QUIZ_HASH_RE, messages.quizHashInvalid);
const itemHash = z.string({ error: messages.quizItemInvalid }).regex(QUIZ_HASH_RE, messages.quizItemInvalid);

/** The fingerprint header of the quiz calls: absent (an outside program), or 40 alphanumerics. */
export const fingerprintHeaders = z.object({
  [DEVICE_FINGERPRINT_HEADER]: z
    .string({ error: messages.quizDeviceTokenInvalid })
    .regex(DEVICE_FINGERPRINT_RE, messages.quizDeviceTokenInvalid)
    .optional(),
});

/** A voter as the quiz shows them (spec/content.md §3: id, name, url, avatar_url), with the avatar's colour. */
export const quizVoter = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
});
export type QuizVoter = z.output<typeof quizVoter>;

/** spec/content.md §3: userVoted, items (per option hash), randomVotedUsers; with the voters' total and own choice. */
export const quizResult = z.object({
  userVoted: z.boolean(),
  items: z.record(
    z.string(),
    z.object({ isWinner: z.boolean(), percentage: z.number().int(), count: z.number().int() }),
  ),
  randomVotedUsers: z.array(quizVoter),
  /** People who voted (with several answers, the options' counts add up to more). */
  total: z.number().int(),
  /** The options the reader chose (empty before voting). */
  userItems: z.array(z.string()),
});
export type QuizResult = z.output<typeof quizResult>;

/** The results of every quiz on the page at once; a hash the site does not know (any more) answers null. */
export const bundleResult = contract({
  method: 'GET',
  path: '/quiz/bundleResult',
  access: 'anyone',
  query: plainBody({
    hashes: listField(
      z
        .array(quizHash, { error: messages.quizHashesInvalid(QUIZ_BUNDLE_MAX) })
        .min(1, messages.quizHashesInvalid(QUIZ_BUNDLE_MAX))
        .max(QUIZ_BUNDLE_MAX, messages.quizHashesInvalid(QUIZ_BUNDLE_MAX)),
      { comma: true },
    ),
  }),
  response: z.record(z.string(), quizResult.nullable()),
  errors: ['quiz_hash_invalid', 'quiz_hashes_invalid', 'quiz_device_token_invalid', 'quiz_not_found'],
});
export type QuizBundle = ContractOutput<typeof bundleResult>;

/** Up to three random voters of an option (kept a minute). */
export const randomResults = contract({
  method: 'GET',
  path: '/quiz/randomResults/:hash/:itemHash',
  access: 'anyone',
  params: z.strictObject({ hash: quizHash, itemHash }),
  response: z.array(quizVoter),
  errors: ['quiz_hash_invalid', 'quiz_item_invalid', 'quiz_not_found', 'quiz_item_not_found'],
});

const voteErrors = [
  'quiz_hash_invalid',
  'quiz_item_invalid',
  'entry_id_invalid',
  'quiz_device_token_invalid',
  'quiz_not_found',
  'quiz_item_not_found',
  'quiz_items_required',
  'quiz_single_answer',
  'quiz_already_voted',
  'banned_in_subsite',
  'vote_plus_required',
] as const;

/** One option; the answer is the quiz's results as the voter now sees them. */
export const vote = contract({
  method: 'POST',
  path: '/quiz/:hash/entryId/:id/vote/:option',
  access: 'active',
  params: z.strictObject({ hash: quizHash, id: idField(messages.entryIdInvalid), option: itemHash }),
  body: plainBody({}),
  response: quizResult,
  errors: voteErrors,
});

/** Several options of a quiz that takes several answers (`items`: a list or comma-joined), all in one vote. */
export const voteMany = contract({
  method: 'POST',
  path: '/quiz/:hash/entryId/:id/vote',
  access: 'active',
  params: z.strictObject({ hash: quizHash, id: idField(messages.entryIdInvalid) }),
  body: plainBody({
    items: listField(
      z
        .array(itemHash, { error: messages.quizItemsRequired })
        .min(1, messages.quizItemsRequired)
        .max(QUIZ_ITEMS_MAX, messages.quizItemNotFound),
      { comma: true },
    ),
  }),
  response: quizResult,
  errors: voteErrors,
});
