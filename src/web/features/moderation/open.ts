import type { BanTarget } from './ban.ts';
import type { ComplaintTarget } from './Complaint.tsx';

// The moderation tools a reader's page offers in its menus; their code and styles load on the first use, so a page
// carries no moderation code until someone acts.

export const openComplaint = (target: ComplaintTarget) =>
  import('./Complaint.tsx').then((m) => m.openComplaint(target));

export const banUser = (user: BanTarget, subsite?: { id: number; name: string }) =>
  import('./ban.ts').then((m) => m.banUser(user, subsite));

export const pinComment = (id: number, state: boolean) => import('./comment.ts').then((m) => m.pinComment(id, state));

export const setBlocked = (personId: number, blocked: boolean) =>
  import('./blocklist.ts').then((m) => m.setBlocked(personId, blocked));

export const openEntryStats = (entryId: number) => import('./EntryStats.tsx').then((m) => m.openEntryStats(entryId));
