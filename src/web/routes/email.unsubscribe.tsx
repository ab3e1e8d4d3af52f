import type { Route } from './+types/email.unsubscribe';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EmailLinkPage } from '../features/notifications/EmailLinkPage.tsx';

const L = ui.notifications;

/** `/email/unsubscribe/{token}`: no more letters to the address, without signing in. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { token: params.token, info: await services.notifications.subscriptionInfo(params.token) };
}

export function meta() {
  return [{ title: `${L.unsubscribeTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData: { token, info } }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      kind="unsubscribe"
      token={token}
      info={info}
      alreadyDone={Boolean(info && !info.active)}
      texts={{
        title: L.unsubscribeTitle,
        ask: L.unsubscribeConfirm,
        button: L.unsubscribeButton,
        done: L.unsubscribeDone,
        already: L.unsubscribeAlready,
        invalid: L.unsubscribeInvalid,
      }}
    />
  );
}
