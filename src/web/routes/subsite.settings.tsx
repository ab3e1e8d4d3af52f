import { data, Link } from 'react-router';
import type { Route } from './+types/subsite.settings';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { SubsiteSettingsForm } from '../features/accounts/SubsiteSettings.tsx';
import { WidgetEmbed } from '../features/vacancies/WidgetEmbed.tsx';
import { BlogWidgetEmbed } from '../features/feed/BlogWidgetEmbed.tsx';
import { liveStreamSettingsPath } from '../../shared/livestreams.ts';
import '../features/accounts/accounts.css';
import '../features/vacancies/vacancies.css';

/** `{subsite_url}/settings` (spec/content.md §2): `/s/{slug}/settings` or `/u/{id}-{slug}/settings`; owners and admins. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const userId = params.user ? Number(/^(\d{1,10})(?:-|$)/.exec(params.user)?.[1] ?? 0) : 0;
  if (params.user && !userId) throw data(null, { status: 404 });
  const found = await services.accounts.subsiteSettings(params.slug ? { slug: params.slug } : { userId });
  if (found.status !== 200) throw data(null, { status: found.status });
  return { settings: found.settings, publicUrl };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: `${ui.accounts.subsite.title}${d ? `: ${d.settings.name}` : ''} — ${ui.siteName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SubsiteSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, publicUrl } = loaderData;
  return (
    <SubsiteSettingsForm key={settings.id} initial={settings}>
      <section className="settings-section">
        <Link to={liveStreamSettingsPath(settings.id)} className="btn btn-secondary" data-testid="subsite-stream-link">
          {ui.livestreams.settingsLink}
        </Link>
      </section>
      {/* The blog widget frames public blogs only; the site's moderators here change the posting rules alone. */}
      {!settings.is_private && settings.my_role !== 'site_moderator' && (
        <BlogWidgetEmbed publicUrl={publicUrl} blog={settings} />
      )}
      {settings.type === 'company' && (
        <>
          <WidgetEmbed publicUrl={publicUrl} kind="vacancy" />
          <WidgetEmbed publicUrl={publicUrl} kind="event" />
        </>
      )}
    </SubsiteSettingsForm>
  );
}
