/**
 * What other modules may use of hits besides service.ts: the statistics tables' writes it owns — the votes fold's
 * recount of an entry's day (`entry_stats`) and discovery's hourly fold of readers (`daily_readers`).
 */
export { foldReaders, recountDayStats } from './queries.ts';
/** Who is reading or listening: the `hit_id` cookie of an anonymous reader, and the name a mark keeps (audio listens). */
export { visitorCookie } from './visitor.ts';
export { visitorOf } from './service.ts';
