import type { AdPrices } from '../ads.ts';
import type { AdRequestData, DistributionData } from '../api/distributions.ts';

/** What page loaders may ask about the site's ads; implemented in src/server/modules/distributions/page.ts. */
export interface DistributionsPageServices {
  /** /ad: the prices per thousand impressions of each format. */
  prices(): Promise<AdPrices>;
  /** /admin/ads: campaigns, the advertisers' requests and the prices (rc 403 for others than staff). */
  staff(): Promise<{ items: DistributionData[]; requests: AdRequestData[]; prices: AdPrices }>;
}
