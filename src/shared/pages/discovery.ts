import type { CompanyList, RatingKind, RatingList, RatingPeriod, SiteStats } from '../discovery.ts';
import type { HashtagDetails, HashtagItem } from '../hashtags.ts';

/** What page loaders may ask about hashtags, rating, companies and statistics; src/server/modules/discovery/page.ts. */
export interface DiscoveryPageServices {
  /** A tag's header by its name as written in the address; null when it is no tag. */
  hashtag(name: string): Promise<HashtagDetails | null>;
  /** The tags a subsite's entries use (spec/content.md §3). */
  subsiteHashtags(subsite: { id: number; type: string }): Promise<HashtagItem[]>;
  rating(kind: RatingKind, period: RatingPeriod): Promise<RatingList>;
  companies(): Promise<CompanyList>;
  stats(days: number): Promise<SiteStats>;
}
