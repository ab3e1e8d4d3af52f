import { data } from 'react-router';
import type { Route } from './+types/settings.signin';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { SigninSettings } from '../features/signin/SigninSettings.tsx';

/** `/settings/signin`: linked providers and passkeys (the same sections the account settings page mounts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  return {};
}

export function meta() {
  return [{ title: `${ui.signin.settingsTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page() {
  return (
    <div className="page page-narrow" data-testid="signin-settings-page">
      <h1 className="page-title">{ui.signin.settingsTitle}</h1>
      <SigninSettings />
    </div>
  );
}
