/**
 * What other modules may use of hits besides service.ts: the statistics tables' writes it owns — the votes fold's
 * recount of an entry's day (`entry_stats`) and discovery's hourly fold of readers (`daily_readers`).
 */
export { foldReaders, recountDayStats } from './queries.ts';
