import { normalizeHashtag } from '../../../shared/hashtags.ts';
import type { DiscoveryPageServices } from '../../../shared/pages/discovery.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as hashtags from '../hashtags/service.ts';
import * as discovery from './service.ts';

export function discoveryPage(ctx: Ctx, user: UserRow | null): DiscoveryPageServices {
  const viewerId = user?.id ?? null;
  return {
    async hashtag(name) {
      const tag = normalizeHashtag(name);
      return tag ? hashtags.details(ctx, viewerId, tag) : null;
    },
    subsiteHashtags: async (subsite) => (await hashtags.subsiteHashtags(ctx, subsite, 12)).items,
    rating: (kind, period) => discovery.rating(ctx, viewerId, { kind, period, page: 1 }),
    companies: () => discovery.companies(ctx, viewerId, 1),
    stats: (days) => discovery.stats(ctx, days),
  };
}
