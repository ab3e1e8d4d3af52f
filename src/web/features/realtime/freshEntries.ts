import { useCallback, useState } from 'react';
import { channelName, type SystemEvent } from '../../../shared/realtime.ts';
import { useChannel } from './useChannel.ts';

/**
 * Entries published since the list was loaded (`system` new_entry_published), for the 'N новых записей' button
 * of a date-sorted feed; `subsiteId` narrows it to one subsite's feed. Off while `active` is false.
 */
export function useFreshEntries(active: boolean, subsiteId?: number) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  useChannel<SystemEvent>(active ? channelName.system : null, (event) => {
    if (event.type !== 'new_entry_published' || (subsiteId && event.subsite_id !== subsiteId)) return;
    setIds((prev) => new Set(prev).add(event.content_id));
  });
  const reset = useCallback(() => setIds(new Set()), []);
  return { ids, reset };
}
