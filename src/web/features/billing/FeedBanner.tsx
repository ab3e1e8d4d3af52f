import type { FeedBanner as Banner } from '../../../shared/api/billing-admin.ts';
import { adsUi } from '../../../shared/catalogue/shown.ts';

const t = adsUi;

/**
 * The operator's banner in the feed: a picture with its link and text, as staff set it (the server checked the
 * addresses; React escapes the text). Readers with Plus may switch it off in settings.
 */
export function FeedBanner({ banner }: { banner: Banner }) {
  const external = /^https?:\/\//.test(banner.link);
  return (
    <aside className="feed-banner" aria-label={t.banner} data-testid="feed-banner">
      <span className="feed-banner__label">{t.banner}</span>
      <a href={banner.link} {...(external ? { target: '_blank', rel: 'noopener sponsored' } : {})}>
        <img src={banner.image_url} alt="" loading="lazy" />
        <span className="feed-banner__text">{banner.text}</span>
      </a>
    </aside>
  );
}
