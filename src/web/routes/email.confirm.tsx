import type { Route } from './+types/email.confirm';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EmailLinkPage } from '../features/notifications/EmailLinkPage.tsx';

const L = ui.notifications;

/** `/email/confirm/{token}`: the digest's confirmation letter leads here; the button starts the digest. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const info = await services.notifications.subscriptionInfo(params.token);
  // An address that unsubscribed meanwhile, or never asked for the digest, has nothing to confirm.
  return { token: params.token, info: info?.active && info.asked ? info : null };
}

export function meta() {
  return [{ title: `${L.confirmTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData: { token, info } }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      kind="confirm"
      token={token}
      info={info}
      alreadyDone={Boolean(info?.confirmed)}
      texts={{
        title: L.confirmTitle,
        ask: L.confirmAsk,
        button: L.confirmButton,
        done: L.confirmDone,
        already: L.confirmAlready,
        invalid: L.confirmInvalid,
      }}
    />
  );
}
