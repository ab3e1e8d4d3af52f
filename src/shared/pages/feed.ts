import type { FeedPage, FeedScope, FeedSorting, SubsiteDetails } from '../feed.ts';

/** What page loaders may ask the server about feeds; implemented in src/server/modules/feed/page.ts. */
export interface FeedPageServices {
  /** A feed's first page, as `GET /v3.0/feed` answers it; `sorting` absent on the main feed: the reader's default. */
  page(req: { scope: FeedScope; subsiteId?: number; hashtag?: string; sorting?: FeedSorting }): Promise<FeedPage>;
  /** The sorting the reader saved for the main page, or null. */
  defaultSorting(): Promise<FeedSorting | null>;
  /** A subsite with the reader's relation to it, by blog id (`/u/{id}-…`) or community slug (`/s/{slug}`); null when none. */
  subsite(ref: { id: number } | { slug: string }): Promise<SubsiteDetails | null>;
}
