import type { AccountSettings, ApiTokenItem, SubsiteSettings } from '../accounts.ts';
import type { Found } from './history.ts';

/** What the settings pages read on the server (implemented in src/server/modules/accounts/page.ts). */
export interface AccountsPageServices {
  /** `/u/me/settings`: the profile and the API tokens (sessions come by the API: they need the cookie). */
  settings(): Promise<Found<{ settings: AccountSettings; tokens: ApiTokenItem[] }>>;
  /** `{subsite_url}/settings`: by a community's slug or a person's blog id; owners and admins only (403). */
  subsiteSettings(path: { slug?: string; userId?: number }): Promise<Found<{ settings: SubsiteSettings }>>;
}
