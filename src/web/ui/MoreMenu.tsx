import { useEffect, useRef, useState } from 'react';
import { MoreIcon } from './icons.tsx';
import { Popover, type PopoverItem } from './overlays/popover.tsx';

/**
 * A '…' button opening a menu of actions. `items` is read when the menu opens, so it reflects the state of that
 * moment; the menu closes before `onSelect` runs.
 */
export function MoreMenu({
  label,
  className,
  testId,
  items,
  onSelect,
  openAtStart = false,
}: {
  label: string;
  className: string;
  testId: string;
  /** The items at the moment the menu opens; a promise when some come with code loaded on first use. */
  items(): PopoverItem[] | Promise<PopoverItem[]>;
  onSelect(value: string | undefined): void;
  /** Opens as it mounts: the button stood in for a menu whose code loaded on its press. */
  openAtStart?: boolean;
}) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<PopoverItem[]>([]);
  const show = () =>
    void Promise.resolve(items()).then((list) => {
      setShown(list);
      setOpen(true);
    });
  useEffect(() => {
    if (openAtStart) show();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as it mounts
  }, []);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={`icon-btn ${className}`}
        aria-label={label}
        aria-haspopup="menu"
        data-testid={testId}
        onClick={() => {
          if (open) return setOpen(false);
          show();
        }}
      >
        <MoreIcon />
      </button>
      <Popover
        anchor={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        align="right"
        items={shown}
        onSelect={(item) => {
          setOpen(false);
          onSelect(item.value);
        }}
      />
    </>
  );
}
