/** What other modules may use of users besides service.ts: creating a user with their personal blog (sign-up, seed). */
export { insertUser, type NewUser } from './queries.ts';
