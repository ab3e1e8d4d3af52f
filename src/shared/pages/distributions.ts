import type { AdPrices } from '../ads.ts';
import type { AdRequestData, DistributionData } from '../api/distributions.ts';
import type { EntryReading, ReportItem } from '../api/analytics.ts';
import type { Found } from './history.ts';

/** What page loaders may ask about the site's ads; implemented in src/server/modules/distributions/page.ts. */
export interface DistributionsPageServices {
  /** /ad: the prices per thousand impressions of each format. */
  prices(): Promise<AdPrices>;
  /** /admin/ads: campaigns, the advertisers' requests and the prices (rc 403 for others than staff). */
  staff(): Promise<{ items: DistributionData[]; requests: AdRequestData[]; prices: AdPrices }>;
  /** /ad/stats: impressions, clicks and CTR by day; staff every campaign, others their boosters (rc 401 for guests). */
  report(): Promise<{ items: ReportItem[] }>;
  /** /stats/entry/{id}: an entry's reading by day; its author, its subsite's managers and staff (401, 403, 404). */
  entryReading(id: number): Promise<Found<{ reading: EntryReading }>>;
}
