import { data, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/messenger';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { Messenger } from '../features/messenger/Messenger.tsx';

/** `/messenger` (spec/content.md §2): the chat list and a conversation; `?chat={id}` opens one. Signed-in only. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  return { me: user.id };
}

export function meta() {
  return [{ title: `${ui.messenger.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(params.get('chat'));
  const chatId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return (
    <div className="messenger-page" data-testid="messenger-page">
      <h1 className="visually-hidden">{ui.messenger.title}</h1>
      <Messenger
        me={loaderData.me}
        mode="page"
        chatId={chatId}
        onChatChange={(id) => navigate(id ? `/messenger?chat=${id}` : '/messenger', { replace: !chatId === !id })}
      />
    </div>
  );
}
