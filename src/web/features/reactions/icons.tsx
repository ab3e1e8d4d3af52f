/** Line icons of the reactions footer, drawn on a 24 px grid in the current colour. */
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const CommentIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M4 5h16v11H9l-5 4z" {...line} />
  </svg>
);
export const ArrowUpIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M6 14l6-6 6 6" {...line} strokeWidth={2.2} />
  </svg>
);
export const ArrowDownIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M6 10l6 6 6-6" {...line} strokeWidth={2.2} />
  </svg>
);
export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M6.5 4h11v16l-5.5-4-5.5 4z" {...line} fill={filled ? 'currentColor' : 'none'} />
  </svg>
);
export const ShareIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 13v6h14v-6" {...line} />
  </svg>
);
export const EyeIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" {...line} />
    <circle cx="12" cy="12" r="2.8" {...line} />
  </svg>
);
export const LinkIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path
      d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2"
      {...line}
    />
  </svg>
);
