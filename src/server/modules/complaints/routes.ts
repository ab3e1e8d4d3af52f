import * as contracts from '../../../shared/api/complaints.ts';
import { READS, route } from '../../http/route.ts';
import { messages } from '../../../shared/catalogue.ts';
import * as complaints from './service.ts';

/** Complaints and misprint reports (spec/content.md §2, §4, §7; issue 11). */
export const complaintsRoutes = [
  route.implement(contracts.complainEntry, {
    rateLimit: [20, 60],
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainEntry(ctx, user, body.content_id, body.user_id, body),
  }),

  route.implement(contracts.complainComment, {
    rateLimit: [20, 60],
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainComment(ctx, user, body.id, body),
  }),

  route.implement(contracts.complainSubsite, {
    rateLimit: [20, 60],
    message: messages.complaintSent,
    handler: ({ ctx, user, body }) => complaints.complainSubsite(ctx, user, body.subsite_id, body),
  }),

  route.implement(contracts.complaintsQueue, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => complaints.complaintsQueue(ctx, user, query.last_id),
  }),

  route.implement(contracts.resolveComplaint, {
    rateLimit: [120, 60],
    message: messages.complaintResolved,
    handler: ({ ctx, user, params, body }) => complaints.resolveComplaint(ctx, user, params.id, body.resolution),
  }),

  route.implement(contracts.reportMisprint, {
    rateLimit: [20, 60],
    message: messages.misprintSent,
    handler: ({ ctx, user, body }) => complaints.reportMisprint(ctx, user, body),
  }),

  route.implement(contracts.entryMisprints, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => complaints.entryMisprints(ctx, user, params.id),
  }),

  route.implement(contracts.misprintsQueue, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => complaints.misprintsQueue(ctx, user, query.last_id),
  }),

  route.implement(contracts.fixMisprint, {
    rateLimit: [120, 60],
    message: messages.misprintFixed,
    handler: ({ ctx, user, params }) => complaints.fixMisprint(ctx, user, params.id),
  }),
];
