import { useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import { MoreIcon } from '../../ui/icons.tsx';
import { Popover, type PopoverItem } from '../../ui/overlays/index.ts';
import { historyUrl, removeEntry, restoreEntry } from './lifecycle.ts';

const L = ui.history;

/**
 * The '…' menu of an entry for its author and staff (the server decides again): edit, the history of changes,
 * remove with confirmation or restore. A removed entry leaves its page, so removal goes on to the history screen,
 * where it can be restored.
 */
export function EntryActions({ entry }: { entry: Pick<Entry, 'id' | 'removed' | 'url'> }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const items: PopoverItem[] = [
    { label: L.edit, value: 'edit' },
    { label: L.history, value: 'history' },
    entry.removed ? { label: L.restore, value: 'restore' } : { label: L.remove, value: 'remove', color: 'var(--danger)' },
  ];

  async function select(value: string | undefined) {
    setOpen(false);
    if (value === 'edit') navigate(`/writing/${entry.id}`);
    else if (value === 'history') navigate(historyUrl(entry.id));
    else if (value === 'remove' && (await removeEntry(entry))) navigate(historyUrl(entry.id));
    else if (value === 'restore' && (await restoreEntry(entry))) revalidator.revalidate();
  }

  return (
    <>
      <button
        ref={anchor}
        type="button"
        className="icon-btn entry-actions"
        aria-label={L.menu}
        aria-haspopup="menu"
        data-testid="entry-actions"
        onClick={() => setOpen((v) => !v)}
      >
        <MoreIcon />
      </button>
      <Popover anchor={anchor.current} open={open} onClose={() => setOpen(false)} align="right" items={items} onSelect={(item) => select(item.value)} />
    </>
  );
}
