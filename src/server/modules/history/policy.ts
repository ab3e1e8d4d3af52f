import { messages } from '../../../shared/catalogue.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { canEdit, canRead } from '../entries/index.ts';

type Viewer = Parameters<typeof canEdit>[0];
type EntryFacts = Parameters<typeof canRead>[1];

/**
 * History, remove and restore belong to whoever may edit the entry: its author and staff (entries/policy.ts decides
 * that). Others get 403 where they can read the entry and 404 where they cannot even see it, so drafts and removed
 * entries stay secret. Removed entries stay manageable: that is how they are restored.
 */
export function assertCanManage(
  actor: NonNullable<Viewer>,
  e: EntryFacts | undefined,
  rm: string,
): asserts e is EntryFacts {
  if (!e) throw notFound(messages.entryNotFound);
  if (canEdit(actor, e)) return;
  throw canRead(actor, e) ? forbidden(rm) : notFound(messages.entryNotFound);
}

/** A removed entry is restored before a version is applied to it: one thing at a time, nothing half-visible. */
export function assertNotRemoved(e: EntryFacts) {
  if (e.removed) throw badRequest(messages.historyEntryRemoved);
}
