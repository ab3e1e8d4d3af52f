/**
 * What other modules may use of users besides service.ts: creating a user with their personal blog (sign-up, seed),
 * the role rules, the author presenter and each module's typed settings store.
 */
export { insertUser, type NewUser } from './queries.ts';
export { isAdmin, isBanned, isStaff } from './policy.ts';
export { presentAuthor, presentPerson, type AuthorColumns, type UserColumns } from './present.ts';
export { userHash } from './hash.ts';
export { settings } from './settings.ts';
export * as userWrites from './write-queries.ts';
