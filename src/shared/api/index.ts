/**
 * The published face of the API for TypeScript programs: the client and every route's contract, by module.
 * The web imports contracts from their own files as types; this file is for programs outside the site.
 */
export { createClient, type Answer, type ClientOptions } from './client.ts';
export type { Contract, ContractInput, ContractKey, ContractOutput } from './contract.ts';
export * as bookmarks from './bookmarks.ts';
export * as hits from './hits.ts';
export * as votes from './votes.ts';
