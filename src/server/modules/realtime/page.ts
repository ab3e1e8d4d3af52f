import type { RealtimePageServices } from '../../../shared/pages/realtime.ts';
import { channelName } from '../../../shared/realtime.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { channelAuth } from '../../lib/channels.ts';
import { initial } from './live.ts';

export function realtimePage(ctx: Ctx, user: UserRow | null): RealtimePageServices {
  return {
    live: () => initial(ctx),
    socketAuth: () => (user ? channelAuth(ctx.config.secret, channelName.user(user.id), ctx.now()) : null),
  };
}
