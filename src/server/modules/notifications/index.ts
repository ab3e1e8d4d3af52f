/** What other modules may use of notifications besides service.ts: a stored notification by id (push fans it out). */
export { notificationById, type NotificationRow } from './queries.ts';
