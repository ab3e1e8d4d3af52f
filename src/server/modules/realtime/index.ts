/** What other modules may use of realtime: signing a private channel's credentials for a page or an answer. */
export { channelAuth } from './channels.ts';
