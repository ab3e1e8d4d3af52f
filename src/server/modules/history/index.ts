/** What other modules may use of history besides service.ts: keeping a version when an entry is saved. */
export { keepVersion } from './versions.ts';
