import { messages, ui } from '../../../shared/catalogue.ts';
import type { ShareService, SharesData } from '../../../shared/api/bookmarks.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { entryUrl } from '../entries/service.ts';
import { shareEntry } from './queries.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';
import type { Role } from '../../../shared/api.ts';

const SERVICES: { short_name: ShareService['short_name']; url: (link: string, title: string) => string }[] = [
  { short_name: 'vk', url: (u, t) => `https://vk.com/share.php?url=${u}&title=${t}` },
  { short_name: 'telegram', url: (u, t) => `https://t.me/share/url?url=${u}&text=${t}` },
  { short_name: 'ok', url: (u, t) => `https://connect.ok.ru/offer?url=${u}&title=${t}` },
  { short_name: 'whatsapp', url: (u, t) => `https://api.whatsapp.com/send?text=${t}%20${u}` },
  { short_name: 'x', url: (u, t) => `https://x.com/intent/tweet?url=${u}&text=${t}` },
  { short_name: 'email', url: (u, t) => `mailto:?subject=${t}&body=${u}` },
];

/**
 * `GET /content/shares/mobile/{id}`: the entry's public link and where it can be shared; a private community's entry
 * only for those who read it.
 */
export async function shares(
  ctx: Ctx,
  viewer: { id: number; role: Role } | null,
  entryId: number,
): Promise<SharesData> {
  const entry = await shareEntry(ctx.db, entryId);
  if (!entry || (entry.is_private && !(await readsPrivateSubsite(ctx, viewer, entry.subsite_id))))
    throw notFound(messages.reactionEntryNotFound);
  const link = `${ctx.config.publicUrl}${entryUrl(entry)}`;
  const [u, t] = [encodeURIComponent(link), encodeURIComponent(entry.title)];
  return {
    url: link,
    services: SERVICES.map((s) => ({
      short_name: s.short_name,
      name: ui.reactions.shareServices[s.short_name],
      url: s.url(u, t),
    })),
  };
}
