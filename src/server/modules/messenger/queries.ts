/** The messenger's SQL: chats and members, people and rules, messages. */
export * from './queries/chats.ts';
export * from './queries/people.ts';
export * from './queries/messages.ts';
