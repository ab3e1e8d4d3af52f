import { defineModule } from '../manifest.ts';

/** Bans, blocklist, locks and review holds the writers check: queries only. */
export default defineModule({ name: 'restrictions' });
