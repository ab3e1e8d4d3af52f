import { AdsSetting } from '../features/billing/AdsSetting.tsx';
import { data } from 'react-router';
import type { Route } from './+types/account.settings';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { NotificationSettingsForm, PushToggle, DigestForm, GenderForm } from '../features/notifications/Settings.tsx';
import { AccountSection, CommunitiesSection, ProfileSection } from '../features/accounts/AccountSections.tsx';
import { EmailSection, PasswordSection, SessionsSection } from '../features/accounts/SecuritySections.tsx';
import { TokensSection } from '../features/accounts/Tokens.tsx';
import { SigninSettings } from '../features/signin/SigninSettings.tsx';
import { MessengerSettings } from '../features/messenger/Settings.tsx';
import { BlurSetting } from '../features/moderation/BlurSetting.tsx';
import { BlocklistSection } from '../features/moderation/Blocklist.tsx';
import '../features/accounts/accounts.css';
import { PaymentsSection } from '../features/payments/PaymentsSection.tsx';

const t = ui.accounts;

/**
 * `/u/me/settings` (spec/content.md §2): profile (name once a month, address, description, avatar, cover),
 * sign-in methods and API tokens, password, active sessions, and the notification settings that were `/settings`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, user } = context.get(appContext);
  const found = await services.accounts.settings();
  if (found.status !== 200) throw data(null, { status: found.status });
  return {
    account: found.settings,
    tokens: found.tokens,
    notifications: await services.notifications.settings(),
    origin: new URL(publicUrl).host,
    managed: (user?.managedSubsites ?? [])
      .filter((m) => m.value !== user?.id)
      .map((m) => ({ value: m.value, label: m.label, uri: m.additionalData.uri })),
  };
}

export function meta() {
  return [{ title: `${t.settingsTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

const NAV: [string, string][] = [
  ['profile', t.sections.profile],
  ['signin', t.sections.signIn],
  ['password', t.sections.password],
  ['sessions', t.sections.sessions],
  ['notifications', t.sections.notifications],
  ['communities', t.sections.communities],
  ['payments', ui.payments.paymentsSection],
  ['blocklist', ui.complaints.blocklist],
  ['account', t.sections.account],
];

export default function AccountSettingsPage({ loaderData }: Route.ComponentProps) {
  const { account, tokens, notifications: n, origin, managed } = loaderData;
  return (
    <div className="settings-page account-settings" data-testid="settings-page">
      <h1>{t.settingsTitle}</h1>
      <nav className="settings-nav" aria-label={t.settingsTitle}>
        {NAV.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      <ProfileSection initial={account} origin={origin} />
      <section className="settings-section" id="signin" data-testid="settings-signin">
        <h2>{t.sections.signIn}</h2>
        <SigninSettings />
        <TokensSection initial={tokens} />
      </section>
      <EmailSection current={account.email} hasPassword={account.has_password} />
      <PasswordSection hasPassword={account.has_password} />
      <SessionsSection />
      <div id="notifications" className="settings-group">
        <NotificationSettingsForm initial={n.notifications} />
        <PushToggle />
        <DigestForm email={n.email} subscribed={n.digest} pending={n.digest_pending} />
        <GenderForm initial={n.gender} guessed={n.guessed_gender} />
        <MessengerSettings />
        <BlurSetting />
      </div>
      <CommunitiesSection managed={managed} />
      <PaymentsSection />
      <AdsSetting />
      <BlocklistSection />
      <AccountSection initial={account} />
    </div>
  );
}
