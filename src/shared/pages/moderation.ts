import type { ComplaintItem, MisprintItem } from '../api/complaints.ts';
import type { AuditList, BanItem, ReviewItem, UserCard, UserSearchItem } from '../api/moderation.ts';
import type { Found } from './history.ts';

export const ADMIN_TABS = ['queues', 'users', 'bans', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The staff panel's first paint: the open tab's data. */
export interface AdminPanelData {
  tab: AdminTab;
  query: string;
  search: UserSearchItem[] | null;
  card: UserCard | null;
  bans: { items: BanItem[]; last_id: number | null } | null;
  audit: AuditList | null;
  /** The queues tab: open complaints, open misprints, entries awaiting communities' approval, held spam. */
  queues: { complaints: ComplaintItem[]; misprints: MisprintItem[]; approval: ReviewItem[]; spam: ReviewItem[] } | null;
}

/** What the staff panel reads on the server (src/server/modules/moderation/page.ts). */
export interface ModerationPageServices {
  panel(input: { tab: AdminTab; query: string; userId: number | null }): Promise<Found<AdminPanelData>>;
}
