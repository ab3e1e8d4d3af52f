/**
 * What other modules may use of entries besides service.ts: the entry card's SQL fragment and row (feeds and
 * bookmarks list cards), the entry row as history reads it, and the read/edit rules.
 */
export { cardSelect, entryById, EntryCardRow, EntryRow } from './queries.ts';
export { canEdit, canRead } from './policy.ts';
