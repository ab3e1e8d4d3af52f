import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A click handler for HTML that holds hashtag links (entry text, comments): a plain left click on `a.hashtag` goes to
 * the tag's page through the router instead of loading the whole page; other clicks are left alone.
 */
export function useHashtagClicks() {
  const navigate = useNavigate();
  return (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as HTMLElement).closest?.('a.hashtag');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/tag/')) return;
    e.preventDefault();
    void navigate(href);
  };
}
