/** What other modules may use of moderation besides service.ts: the subsite roles that manage a subsite. */
export { MANAGER_ROLES } from './policy.ts';
