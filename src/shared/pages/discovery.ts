import type { CompanyCabinet, TeamMember } from '../api/companies.ts';
import type { CompanyDetails } from '../api/discovery.ts';
import type { CompanyList, RatingKind, RatingList, RatingPeriod, SiteStats } from '../discovery.ts';
import type { HashtagDetails, HashtagItem } from '../hashtags.ts';
import type { Found } from './history.ts';

/** What page loaders may ask about hashtags, rating, companies and statistics; src/server/modules/discovery/page.ts. */
export interface DiscoveryPageServices {
  /** A tag's header by its name as written in the address; null when it is no tag. */
  hashtag(name: string): Promise<HashtagDetails | null>;
  /** The tags a subsite's entries use (spec/content.md §3). */
  subsiteHashtags(subsite: { id: number; type: string }): Promise<HashtagItem[]>;
  rating(kind: RatingKind, period: RatingPeriod): Promise<RatingList>;
  companies(): Promise<CompanyList>;
  /** A company blog's details and contacts with its team (its page's sidebar and tabs); null for another subsite. */
  company(subsiteId: number): Promise<{ details: CompanyDetails; team: TeamMember[] } | null>;
  /** The managers' cabinet of a company blog found by its address' slug (`/s/{slug}/cabinet`). */
  cabinet(slug: string): Promise<Found<CompanyCabinet>>;
  stats(days: number): Promise<SiteStats>;
}
