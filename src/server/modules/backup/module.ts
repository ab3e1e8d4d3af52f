import { defineModule, HOUR_MS } from '../manifest.ts';
import { scheduledBackup } from './service.ts';

/**
 * Backups (issue 34): `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts) and, with
 * BACKUP_DIR set, a worker's hourly look that takes one when the newest is BACKUP_EVERY_HOURS old and keeps
 * BACKUP_KEEP. No routes: a backup is an operator's file, never served.
 */
export default defineModule({
  name: 'backup',
  tasks: [{ name: 'backup.take', everyMs: HOUR_MS, scope: 'cluster', run: scheduledBackup }],
});
