/**
 * Line icons on a 24 px grid in the current colour. Each is drawn once per page as a `<symbol>` of `IconSprite`
 * (rendered by the shell, src/web/root.tsx) and used by reference, so a feed of 20 cards does not repeat their paths.
 */
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export type IconName = 'comment' | 'up' | 'down' | 'bookmark' | 'share' | 'eye' | 'link' | 'more' | 'repost';

/** Every icon's drawing, once per page, hidden; `Icon` refers to them by id. */
export function IconSprite() {
  return (
    <svg width="0" height="0" aria-hidden style={{ position: 'absolute' }}>
      <symbol id="icon-comment" viewBox="0 0 24 24">
        <path d="M4 5h16v11H9l-5 4z" {...line} />
      </symbol>
      <symbol id="icon-up" viewBox="0 0 24 24">
        <path d="M6 14l6-6 6 6" {...line} strokeWidth={2.2} />
      </symbol>
      <symbol id="icon-down" viewBox="0 0 24 24">
        <path d="M6 10l6 6 6-6" {...line} strokeWidth={2.2} />
      </symbol>
      {/* The fill follows `--icon-fill` of the using element: a filled bookmark sets it. */}
      <symbol id="icon-bookmark" viewBox="0 0 24 24">
        <path d="M6.5 4h11v16l-5.5-4-5.5 4z" {...line} style={{ fill: 'var(--icon-fill, none)' }} />
      </symbol>
      <symbol id="icon-share" viewBox="0 0 24 24">
        <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 13v6h14v-6" {...line} />
      </symbol>
      <symbol id="icon-eye" viewBox="0 0 24 24">
        <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" {...line} />
        <circle cx="12" cy="12" r="2.8" {...line} />
      </symbol>
      <symbol id="icon-link" viewBox="0 0 24 24">
        <path
          d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2"
          {...line}
        />
      </symbol>
      <symbol id="icon-repost" viewBox="0 0 24 24">
        <path d="M4 11V8a2 2 0 0 1 2-2h12M15 3l3 3-3 3M20 13v3a2 2 0 0 1-2 2H6M9 21l-3-3 3-3" {...line} />
      </symbol>
      <symbol id="icon-more" viewBox="0 0 24 24">
        <circle cx="5" cy="12" r="1.8" fill="currentColor" />
        <circle cx="12" cy="12" r="1.8" fill="currentColor" />
        <circle cx="19" cy="12" r="1.8" fill="currentColor" />
      </symbol>
    </svg>
  );
}

/** One icon of the sprite, 20 px unless the stylesheet says otherwise. */
export function Icon({ name, filled = false }: { name: IconName; filled?: boolean }) {
  return (
    <svg width="20" height="20" aria-hidden style={filled ? ({ '--icon-fill': 'currentColor' } as object) : undefined}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}

/** The '…' of every item menu (feed cards, subsite headers). */
export const MoreIcon = () => <Icon name="more" />;
