/** The messenger's actions, one job per file: chats, messages, settings, complaints, and its jobs. */
export * from './chats.ts';
export * from './messages.ts';
export * from './settings.ts';
export * from './complaints.ts';
export * from './jobs.ts';
/** For realtime: a chat's fact as the members' channels get it. */
export { presentFact } from './present.ts';
