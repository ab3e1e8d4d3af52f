import type { DonationsCabinet, Sponsor } from '../api/billing.ts';
import type { FeedBanner } from '../api/billing-admin.ts';
import type { Product } from '../payments.ts';
import type { SellerRequisites } from '../requisites.ts';

/** What /plus shows (src/server/modules/billing/page.ts). Money in kopecks, as everywhere in the API. */
export interface PlusPageData {
  products: Product[];
  sponsors: Sponsor[];
  sponsors_count: number;
  /** The reader's balance and a redeemed discount (percent) waiting for the next purchase; 0 for visitors. */
  balance: number;
  discount: number;
  /** Whether the seller's requisites are set, so a company can get an invoice. */
  invoice_available: boolean;
}

/** What page loaders may ask about Plus, donations and the balance; src/server/modules/billing/page.ts. */
export interface BillingPageServices {
  plus(sponsorsCount: number): Promise<PlusPageData>;
  /** The signed-in author's donations cabinet and balance; null for visitors. */
  cabinet(): Promise<(DonationsCabinet & { balance: number }) | null>;
  /** The banner the feed shows this reader: null without one, or for a Plus reader who hid ads. */
  feedBanner(): Promise<FeedBanner | null>;
  /** The stored banner, for the staff form. */
  banner(): Promise<FeedBanner | null>;
  /** The seller's requisites for the superuser's form; null before they are set or for anyone else. */
  seller(): Promise<SellerRequisites | null>;
}
