/** What other modules may use of realtime: signing a private channel's credentials (lib/channels.ts). */
export { channelAuth } from '../../lib/channels.ts';
