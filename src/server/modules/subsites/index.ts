/** What other modules may use of subsites besides service.ts: the subsite row type. */
export type { SubsiteRow } from './queries.ts';
