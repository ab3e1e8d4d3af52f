import { useContext, useEffect, type AnchorHTMLAttributes } from 'react';
import { UNSAFE_NavigationContext, useNavigate } from 'react-router';
import { withMobileSegment } from '../../shared/mobile-segment.ts';

/**
 * A link to a page of the site as a plain anchor, for the links drawn many times a page (feed cards, the sidebar):
 * React Router's Link resolves its path and builds a click handler per link and render, 6 % of a signed-in page's
 * server CPU with ~45 links (issue 16). The shell's one PageLinkNavigation handles the clicks. `to` is a path of
 * this site (`/u/1-ivan`), never relative. `data-discover` lets the router learn the route ahead, as Link does.
 * In the mobile version the address carries the tab's segment (`/m/u/1-ivan`), as Link's do, so a link opened in a
 * new tab or before the code is there stays in it.
 */
export function PageLink({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const href = withMobileSegment(to, useContext(UNSAFE_NavigationContext)?.basename);
  return <a href={href} data-discover="true" data-page-link="" {...rest} />;
}

/** Whether the path `to` is the current page's or (unless `end`) one under it, as NavLink counts it. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (path === target) return true;
  if (end) return false;
  return path.startsWith(target.endsWith('/') ? target : `${target}/`);
}

/**
 * Clicks on PageLinks navigate in the app, as Link's would: the main button without modifier keys, no other
 * target, not already handled; the current address itself is replaced rather than pushed.
 */
export function PageLinkNavigation() {
  const navigate = useNavigate();
  const { basename } = useContext(UNSAFE_NavigationContext);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[data-page-link]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      // The router adds the mobile segment (its basename) itself.
      const to = (basename === '/' ? url.pathname : url.pathname.slice(basename.length) || '/') + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: url.pathname + url.search + url.hash === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, basename]);
  return null;
}
