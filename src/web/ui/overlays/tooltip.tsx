import {
  cloneElement,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP_OFFSET, VIEWPORT_MARGIN, useMounted } from './store.ts';

type Handler = ((e: SyntheticEvent) => void) | undefined;
type ChildProps = Record<string, unknown> & {
  onMouseEnter?: Handler;
  onMouseLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
};

/**
 * Hover/focus hint. 'center' sits above the element, centred; 'right' sits on its right, vertically centred.
 * Either keeps TOOLTIP_OFFSET px from the element and flips to the opposite side when it would leave the viewport.
 */
export function Tooltip({
  text,
  position = 'center',
  children,
}: {
  text: string;
  position?: 'center' | 'right';
  children: ReactElement;
}) {
  const mounted = useMounted();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const id = useId();
  const props = children.props as ChildProps;

  const show = (e: SyntheticEvent) => setTarget(e.currentTarget as HTMLElement);
  const hide = () => setTarget(null);
  const chain = (own: Handler, ours: (e: SyntheticEvent) => void) => (e: SyntheticEvent) => {
    own?.(e);
    ours(e);
  };

  const child = cloneElement(children as ReactElement<ChildProps>, {
    onMouseEnter: chain(props.onMouseEnter, show),
    onMouseLeave: chain(props.onMouseLeave, hide),
    onFocus: chain(props.onFocus, show),
    onBlur: chain(props.onBlur, hide),
    'aria-describedby': target ? id : props['aria-describedby'],
  });
  return (
    <>
      {child}
      {mounted &&
        target &&
        text &&
        createPortal(<Bubble id={id} text={text} position={position} target={target} />, document.body)}
    </>
  );
}

function Bubble({
  id,
  text,
  position,
  target,
}: {
  id: string;
  text: string;
  position: 'center' | 'right';
  target: HTMLElement;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number; flipped: boolean; arrow?: number } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = target.getBoundingClientRect();
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const vw = document.documentElement.clientWidth;
    const clampX = (x: number) => Math.max(VIEWPORT_MARGIN, Math.min(x, vw - w - VIEWPORT_MARGIN));
    if (position === 'right') {
      const flipped = r.right + TOOLTIP_OFFSET + w > vw - VIEWPORT_MARGIN;
      setPos({
        top: r.top + r.height / 2 - h / 2,
        left: flipped ? r.left - TOOLTIP_OFFSET - w : r.right + TOOLTIP_OFFSET,
        flipped,
      });
    } else {
      const flipped = r.top - TOOLTIP_OFFSET - h < VIEWPORT_MARGIN;
      const left = clampX(r.left + r.width / 2 - w / 2);
      // the arrow keeps pointing at the element's centre even when the bubble was pushed inside the viewport
      setPos({
        top: flipped ? r.bottom + TOOLTIP_OFFSET : r.top - TOOLTIP_OFFSET - h,
        left,
        flipped,
        arrow: r.left + r.width / 2 - left,
      });
    }
  }, [target, text, position]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className={`ov-tooltip ov-tooltip--${position}${pos?.flipped ? ' ov-tooltip--flipped' : ''}`}
      data-testid="tooltip"
      data-position={position}
      style={{
        top: pos?.top ?? 0,
        left: pos?.left ?? 0,
        visibility: pos ? undefined : 'hidden',
        ...(pos?.arrow !== undefined && ({ '--ov-arrow-x': `${pos.arrow}px` } as CSSProperties)),
      }}
    >
      {text}
    </div>
  );
}
