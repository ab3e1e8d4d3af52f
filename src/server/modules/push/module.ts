import { defineModule } from '../manifest.ts';
import * as push from './service.ts';

/** Web push: a notification's fan-out to its devices, then one delivery per device. */
export default defineModule({
  name: 'push',
  jobs: (ctx) => ({
    'push.notification': (p) => push.fanOut(ctx, p.notificationId),
    'push.deliver': (p) => push.deliver(ctx, p.endpoint, p.payload),
    'push.user': (p) => push.pushToUser(ctx, p.userId, p.payload),
    'push.forget': (p) => push.forgetDevices(ctx, p.userId),
  }),
});
