import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  COMPLAINT_REASONS,
  COMPLAINT_TEXT_MAX,
  MISPRINT_CONTEXT_MAX,
  MISPRINT_FRAGMENT_MAX,
} from '../../../shared/complaints.ts';
import { idField, parentIdField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import * as complaints from './service.ts';

// The service collapses spaces and checks the real limits; these keep a megabyte away from the clean-up.
const textField = (max: number, rm: string) => z.string({ error: messages.wrongType }).max(max * 4, rm);
const complaintText = textField(COMPLAINT_TEXT_MAX, messages.complaintTextTooLong(COMPLAINT_TEXT_MAX)).default('');
const reasonField = z.enum(COMPLAINT_REASONS, { error: messages.complaintReasonInvalid });
const lastIdQuery = plainBody({ last_id: parentIdField(messages.auditLastIdInvalid) });
const idParams = z.strictObject({ id: idField(messages.complaintTargetInvalid) });

/** Complaints and misprint reports (spec/content.md §2, §4, §7; issue 11). */
export const complaintsRoutes = [
  route.post('/contents/complain', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      content_id: idField(messages.complaintTargetInvalid),
      user_id: parentIdField(messages.complaintTargetInvalid),
      reason: reasonField,
      text: complaintText,
    }),
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainEntry(ctx, user, body.content_id, body.user_id, body),
  }),

  route.post('/comments/complain', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({ id: idField(messages.complaintTargetInvalid), reason: reasonField, text: complaintText }),
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainComment(ctx, user, body.id, body),
  }),

  route.post('/subsite/complain', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({ subsite_id: idField(messages.complaintTargetInvalid), reason: reasonField, text: complaintText }),
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainSubsite(ctx, user, body.subsite_id, body),
  }),

  route.get('/admin/complaints', {
    access: 'staff',
    rateLimit: READS,
    query: lastIdQuery,
    handler: ({ ctx, user, query }) => complaints.complaintsQueue(ctx, user, query.last_id),
  }),

  route.post('/admin/complaints/:id/resolve', {
    access: 'staff',
    rateLimit: [120, 60],
    params: idParams,
    body: plainBody({ resolution: z.enum(['accepted', 'rejected'], { error: messages.complaintResolutionInvalid }) }),
    message: messages.complaintResolved,
    handler: ({ ctx, user, params, body }) => complaints.resolveComplaint(ctx, user, params.id, body.resolution),
  }),

  route.post('/misprint', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      content_id: idField(messages.complaintTargetInvalid),
      fragment: textField(MISPRINT_FRAGMENT_MAX, messages.misprintFragmentTooLong(MISPRINT_FRAGMENT_MAX)),
      context: textField(MISPRINT_CONTEXT_MAX, messages.misprintContextTooLong).default(''),
      comment: complaintText,
    }),
    message: messages.misprintSent,
    handler: ({ ctx, user, body }) => complaints.reportMisprint(ctx, user, body),
  }),

  route.get('/content/misprints/:id', {
    access: 'user',
    rateLimit: READS,
    params: idParams,
    handler: ({ ctx, user, params }) => complaints.entryMisprints(ctx, user, params.id),
  }),

  route.get('/admin/misprints', {
    access: 'staff',
    rateLimit: READS,
    query: lastIdQuery,
    handler: ({ ctx, user, query }) => complaints.misprintsQueue(ctx, user, query.last_id),
  }),

  route.post('/misprint/:id/fix', {
    access: 'active',
    rateLimit: [120, 60],
    params: idParams,
    message: messages.misprintFixed,
    handler: ({ ctx, user, params }) => complaints.fixMisprint(ctx, user, params.id),
  }),
];
