import { defineModule } from '../manifest.ts';
import { messengerPage } from './page.ts';
import { messengerRoutes } from './routes.ts';
import * as messenger from './service.ts';

/** Private messages: a link's preview after a send, the 10-minute unread reminder; the shell's unread count, kept. */
export default defineModule({
  name: 'messenger',
  routes: messengerRoutes,
  pages: { messenger: { services: messengerPage, kept: { unread: 'messenger' } } },
  jobs: (ctx) => ({
    'messenger.preview': (p) => messenger.makePreview(ctx, p),
    'messenger.unread': (p) => messenger.notifyUnread(ctx, p),
  }),
});
