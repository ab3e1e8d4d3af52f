import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { COMPLAINT_REASONS, COMPLAINT_TEXT_MAX, MISPRINT_CONTEXT_MAX, MISPRINT_FRAGMENT_MAX } from '../complaints.ts';
import { idField, parentIdField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Complaints and misprint reports (spec/content.md §2, §4, §7; issue 11). */

// The service collapses spaces and checks the real limits; these keep a megabyte away from the clean-up.
const textField = (max: number, rm: string) => z.string({ error: messages.wrongType }).max(max * 4, rm);
const complaintText = textField(COMPLAINT_TEXT_MAX, messages.complaintTextTooLong(COMPLAINT_TEXT_MAX)).default('');
const reasonField = z.enum(COMPLAINT_REASONS, { error: messages.complaintReasonInvalid });
const targetId = idField(messages.complaintTargetInvalid);
const lastIdQuery = plainBody({ last_id: parentIdField(messages.auditLastIdInvalid).default(null) });
const idParams = z.strictObject({ id: targetId });
const byPerson = z.object({ id: z.number().int(), name: z.string() });
/** The last item's id when a next page may follow, else null. */
const lastId = z.number().int().nullable();

const complaintTarget = z.enum(['entry', 'comment', 'subsite']);
const sent = z.object({ id: z.number().int(), target_type: complaintTarget, target_id: z.number().int() });
const complaintErrors = ['complaint_target_invalid', 'complaint_reason_invalid', 'complaint_text_too_long'] as const;
const storeErrors = ['complaint_text_required', 'complaint_duplicate', 'complaint_self'] as const;

/** A reader's complaint about an entry; `user_id`, when sent, is its author (as the spec's client sends it). */
export const complainEntry = contract({
  method: 'POST',
  path: '/contents/complain',
  access: 'active',
  body: plainBody({
    content_id: targetId,
    user_id: parentIdField(messages.complaintTargetInvalid).default(null),
    reason: reasonField,
    text: complaintText,
  }),
  response: sent,
  errors: [...complaintErrors, ...storeErrors, 'entry_not_found', 'complaint_author_mismatch'],
});

export const complainComment = contract({
  method: 'POST',
  path: '/comments/complain',
  access: 'active',
  body: plainBody({ id: targetId, reason: reasonField, text: complaintText }),
  response: sent,
  errors: [...complaintErrors, ...storeErrors, 'comment_not_found'],
});

/** A community, a company or a person's blog. */
export const complainSubsite = contract({
  method: 'POST',
  path: '/subsite/complain',
  access: 'active',
  body: plainBody({ subsite_id: targetId, reason: reasonField, text: complaintText }),
  response: sent,
  errors: [...complaintErrors, ...storeErrors, 'subsite_not_found'],
});
export type ComplaintSent = ContractOutput<typeof complainEntry>;

const complaintItem = z.object({
  id: z.number().int(),
  target_type: complaintTarget,
  target_id: z.number().int(),
  /** The entry page, the comment on it, or the subsite. */
  target_url: z.string().nullable(),
  /** The entry's title, the comment's start or the subsite's name. */
  target_text: z.string(),
  reason: z.enum(COMPLAINT_REASONS),
  text: z.string(),
  by: byPerson,
  /** Open complaints about the same target. */
  count: z.number().int(),
  date: z.string(),
});
export type ComplaintItem = z.output<typeof complaintItem>;

/** The open complaints, newest first (staff). */
export const complaintsQueue = contract({
  method: 'GET',
  path: '/admin/complaints',
  access: 'staff',
  query: lastIdQuery,
  response: z.object({ items: z.array(complaintItem), last_id: lastId }),
  errors: ['audit_last_id_invalid', 'queue_forbidden'],
});

/** Staff accept or reject a complaint; the other open complaints about the same target go with it. */
export const resolveComplaint = contract({
  method: 'POST',
  path: '/admin/complaints/:id/resolve',
  access: 'staff',
  params: idParams,
  body: plainBody({ resolution: z.enum(['accepted', 'rejected'], { error: messages.complaintResolutionInvalid }) }),
  /** `resolved`: the ids of every complaint closed. */
  response: z.object({ resolved: z.array(z.number().int()), resolution: z.enum(['accepted', 'rejected']) }),
  errors: ['complaint_target_invalid', 'complaint_resolution_invalid', 'queue_forbidden', 'complaint_not_found'],
});

// ---- misprints ----

const misprintItem = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  entry_title: z.string(),
  entry_url: z.string(),
  fragment: z.string(),
  /** The text around the fragment. */
  context: z.string(),
  comment: z.string(),
  /** null: the reporter's account is gone. */
  by: byPerson.nullable(),
  date: z.string(),
  fixed: z.boolean(),
});
export type MisprintItem = z.output<typeof misprintItem>;

/** Ctrl+Enter on a selection of a published entry. */
export const reportMisprint = contract({
  method: 'POST',
  path: '/misprint',
  access: 'active',
  body: plainBody({
    content_id: targetId,
    fragment: textField(MISPRINT_FRAGMENT_MAX, messages.misprintFragmentTooLong(MISPRINT_FRAGMENT_MAX)),
    context: textField(MISPRINT_CONTEXT_MAX, messages.misprintContextTooLong).default(''),
    comment: complaintText,
  }),
  response: z.object({ id: z.number().int() }),
  errors: [
    'complaint_target_invalid',
    'misprint_fragment_required',
    'misprint_fragment_too_long',
    'misprint_context_too_long',
    'complaint_text_too_long',
    'misprint_duplicate',
    'entry_not_found',
  ],
});

/** An entry's reports (open first) for its author and staff. */
export const entryMisprints = contract({
  method: 'GET',
  path: '/content/misprints/:id',
  access: 'user',
  params: idParams,
  response: z.object({ items: z.array(misprintItem) }),
  errors: ['complaint_target_invalid', 'entry_not_found', 'misprint_forbidden'],
});

/** Every open report (staff). */
export const misprintsQueue = contract({
  method: 'GET',
  path: '/admin/misprints',
  access: 'staff',
  query: lastIdQuery,
  response: z.object({ items: z.array(misprintItem), last_id: lastId }),
  errors: ['audit_last_id_invalid', 'queue_forbidden'],
});

/** The entry's author or staff mark a report fixed. */
export const fixMisprint = contract({
  method: 'POST',
  path: '/misprint/:id/fix',
  access: 'active',
  params: idParams,
  response: z.object({ id: z.number().int(), fixed: z.boolean() }),
  errors: ['complaint_target_invalid', 'misprint_not_found', 'misprint_forbidden', 'misprint_already_fixed'],
});
