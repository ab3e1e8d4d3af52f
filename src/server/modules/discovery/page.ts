import { normalizeHashtag } from '../../../shared/hashtags.ts';
import type { DiscoveryPageServices } from '../../../shared/pages/discovery.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as hashtags from '../hashtags/service.ts';
import * as discovery from './service.ts';
import * as subsites from '../subsites/service.ts';
import { found } from '../../http/page-status.ts';
import { notFound } from '../../lib/errors.ts';

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
    async company(subsiteId) {
      if ((await subsites.byId(ctx, subsiteId))?.type !== 'company') return null;
      const [data, team] = await Promise.all([discovery.company(ctx, subsiteId), discovery.team(ctx, subsiteId)]);
      return { details: data.details, team: team.items };
    },
    cabinet: (slug) =>
      found(user, async (u) => {
        const subsite = await subsites.communityBySlug(ctx, slug);
        if (!subsite) throw notFound();
        return discovery.cabinet(ctx, u, subsite.id);
      }),
    stats: (days) => discovery.stats(ctx, days),
  };
}
