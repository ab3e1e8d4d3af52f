import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { POPOVER_MAX_WIDTH, POPOVER_OFFSET, VIEWPORT_MARGIN, useMounted } from './store.ts';

export interface PopoverItem {
  label: string;
  value?: string;
  details?: string;
  url?: string;
  urlTarget?: string;
  icon?: ReactNode;
  color?: string;
  disabled?: boolean;
  action?(): void;
}
export interface PopoverSection {
  title: string;
  items: PopoverItem[];
}
export interface PopoverProps {
  anchor: HTMLElement | null;
  open: boolean;
  onClose(): void;
  align?: 'left' | 'right' | 'center';
  items: PopoverItem[] | PopoverSection[];
  /** When given it replaces the default reaction (run `action`, then close); the caller decides what to do. */
  onSelect?(item: PopoverItem): void;
  width?: number;
}

const isSections = (items: PopoverItem[] | PopoverSection[]): items is PopoverSection[] =>
  items.length > 0 && 'items' in items[0] && Array.isArray(items[0].items);

/** Places the menu under the anchor (above when there is no room), shifted by the spec offsets and kept inside the viewport. */
function place(anchor: DOMRect, w: number, h: number, align: 'left' | 'right' | 'center') {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  let top = anchor.bottom + POPOVER_OFFSET.vertical;
  if (top + h > vh - VIEWPORT_MARGIN && anchor.top - POPOVER_OFFSET.vertical - h >= VIEWPORT_MARGIN)
    top = anchor.top - POPOVER_OFFSET.vertical - h;
  let left =
    align === 'left'
      ? anchor.left - POPOVER_OFFSET.horizontal
      : align === 'right'
        ? anchor.right + POPOVER_OFFSET.horizontal - w
        : anchor.left + anchor.width / 2 - w / 2;
  left = Math.max(VIEWPORT_MARGIN, Math.min(left, vw - w - VIEWPORT_MARGIN));
  return { top, left };
}

export function Popover(props: PopoverProps) {
  const mounted = useMounted();
  if (!mounted || !props.open || !props.anchor) return null;
  return createPortal(<PopoverMenu {...props} anchor={props.anchor} />, document.body);
}

function PopoverMenu({
  anchor,
  onClose,
  align = 'left',
  items,
  onSelect,
  width,
}: PopoverProps & { anchor: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const [focused, setFocused] = useState(-1);
  const sections: PopoverSection[] = isSections(items) ? items : [{ title: '', items: items }];
  const flat = sections.flatMap((s) => s.items);

  // latest callbacks for the long-lived window listeners
  const live = useRef({ onClose, focused, count: flat.length });
  useLayoutEffect(() => {
    live.current = { onClose, focused, count: flat.length };
  });

  useLayoutEffect(() => {
    const update = () => {
      const el = ref.current;
      if (el) setPos(place(anchor.getBoundingClientRect(), el.offsetWidth, el.offsetHeight, align));
    };
    update();
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', update, { capture: true });
  }, [anchor, align, items, width]);

  useEffect(() => {
    const close = () => live.current.onClose();
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!ref.current?.contains(t) && !anchor.contains(t)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      const { focused: i, count } = live.current;
      let next = i;
      if (e.key === 'ArrowDown') next = count ? (i + 1) % count : -1;
      else if (e.key === 'ArrowUp') next = count ? (i <= 0 ? count - 1 : i - 1) : -1;
      else if (e.key === 'Enter' && i >= 0) {
        // a click runs the same path as the mouse, including native link navigation
        ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]')[i]?.click();
      } else if (e.key === 'Escape') close();
      else return;
      // capture phase + stop: popups/modals underneath must not react to these keys
      e.preventDefault();
      e.stopPropagation();
      if (next !== i) setFocused(next);
    };
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', close);
    window.addEventListener('orientationchange', close);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('orientationchange', close);
    };
  }, [anchor]);

  // give focus back to the anchor when the menu that held it goes away
  const hadFocus = useRef(false);
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (hadFocus.current && (!active || active === document.body) && anchor.isConnected)
        anchor.focus({ preventScroll: true });
    },
    [anchor],
  );

  useEffect(() => {
    if (focused >= 0)
      ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]')[focused]?.focus({ preventScroll: false });
  }, [focused]);

  function select(item: PopoverItem, e: MouseEvent) {
    if (item.disabled) {
      e.preventDefault();
      return;
    }
    if (onSelect) onSelect(item);
    else {
      item.action?.();
      onClose();
    }
  }

  const style: CSSProperties = {
    top: pos?.top ?? 0,
    left: pos?.left ?? 0,
    visibility: pos ? undefined : 'hidden', // first frame is only for measuring
    width,
    maxWidth: POPOVER_MAX_WIDTH,
  };
  let index = 0;
  return (
    <div
      ref={ref}
      className="ov-popover"
      role="menu"
      data-testid="popover"
      data-align={align}
      style={style}
      onFocus={() => (hadFocus.current = true)}
      onBlur={(e) => (hadFocus.current = ref.current?.contains(e.relatedTarget) ?? false)}
    >
      {sections.map((s, si) => (
        <Fragment key={si}>
          {s.title && (
            <div className="ov-popover__section" role="presentation">
              {s.title}
            </div>
          )}
          {s.items.map((item) => {
            const i = index++;
            const content = (
              <>
                {item.icon && <span className="ov-popover__icon">{item.icon}</span>}
                <span className="ov-popover__text">
                  <span className="ov-popover__label">{item.label}</span>
                  {item.details && <span className="ov-popover__details">{item.details}</span>}
                </span>
              </>
            );
            const common = {
              className: `ov-popover__item${i === focused ? ' is-focused' : ''}`,
              role: 'menuitem',
              tabIndex: -1,
              'aria-disabled': item.disabled || undefined,
              'data-testid': 'popover-item',
              'data-value': item.value,
              style: item.color ? { color: item.color } : undefined,
              onMouseEnter: () => setFocused(i),
            };
            return item.url && !item.disabled ? (
              <a
                key={i}
                {...common}
                href={item.url}
                target={item.urlTarget}
                rel={item.urlTarget === '_blank' ? 'noopener noreferrer' : undefined}
                onClick={(e) => select(item, e)}
              >
                {content}
              </a>
            ) : (
              <button key={i} {...common} type="button" onClick={(e) => select(item, e)}>
                {content}
              </button>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
