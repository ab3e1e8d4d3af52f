import { data } from 'react-router';
import type { Route } from './+types/settings';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { NotificationSettingsForm, PushToggle, DigestForm, GenderForm } from '../features/notifications/Settings.tsx';
import '../features/notifications/notifications.css';
import { BlurSetting } from '../features/moderation/BlurSetting.tsx';

/** `/settings`: notification switches per type and channel, web push on this browser, the daily digest. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  return { settings: await services.notifications.settings() };
}

export function meta() {
  return [{ title: `${ui.notifications.settingsTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return (
    <div className="settings-page" data-testid="settings-page">
      <h1>{ui.notifications.settingsTitle}</h1>
      <NotificationSettingsForm initial={settings.notifications} />
      <PushToggle />
      <DigestForm email={settings.email} subscribed={settings.digest} pending={settings.digest_pending} />
      <GenderForm initial={settings.gender} guessed={settings.guessed_gender} />
      <BlurSetting />
    </div>
  );
}
