import { footerUi } from '../../../shared/catalogue/footer.ts';
import { versionSwapUi } from '../../../shared/catalogue/mobile-version.ts';
import { mobilePrefix, swapMobileUrl, withMobileSegment } from '../../../shared/mobile-path.ts';
import { FOOTER } from './Sidebar.tsx';

interface RouterLocation {
  pathname: string;
  search: string;
}
interface DataRouter {
  state: { location: RouterLocation };
  subscribe(fn: (state: DataRouter['state']) => void): () => void;
}

/**
 * The mobile footer (spec/foundation.md §1: a widget loaded on demand; §2: the version swap): under every page at
 * mobile widths and in the mobile version (sidebar.css shows it there only; it is drawn at the end of the shell's
 * `.app`). It holds the site's pages and the swap between the versions: «Мобильная версия» leads from `/new?x=1` to
 * `/m/new?x=1`, «Полная версия» back (shared/mobile-path.ts `swapMobileUrl`). The swap is a plain link: the other
 * version is another basename of the router, so a whole page load; the pages' links keep the tab's segment and are
 * the shell's PageLinks (its click handler navigates in the tab).
 *
 * Its code comes with the reader's first gesture, in the navigation's script (lib/wake-navigation.ts): a footer under a feed is reached by
 * scrolling, and the phone's first visit fetches none of it. Drawn again whenever the router's address changes.
 */
export function mountMobileFooter() {
  const link = (href: string, text: string) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  };
  const draw = ({ pathname, search }: RouterLocation) => {
    const app = document.querySelector('.app');
    if (!app) return;
    // Its place is the shell's last: React leaves an element it did not make alone (an error page's shell is new).
    let slot = app.querySelector(':scope > .mobile-footer');
    if (!slot) {
      slot = document.createElement('div');
      slot.className = 'mobile-footer';
      app.append(slot);
    }
    const segment = mobilePrefix(pathname);
    const nav = document.createElement('nav');
    nav.className = 'mobile-footer__links';
    nav.setAttribute('aria-label', footerUi.label);
    for (const [to, label] of FOOTER) {
      const a = link(withMobileSegment(to, segment), label);
      a.dataset.pageLink = '';
      nav.append(a);
    }
    const swap = link(
      swapMobileUrl(pathname + search),
      segment ? versionSwapUi.fullVersion : versionSwapUi.mobileVersion,
    );
    swap.className = 'mobile-footer__swap';
    const footer = document.createElement('footer');
    footer.className = 'mobile-footer__body';
    footer.append(nav, swap);
    slot.replaceChildren(footer);
  };
  // A gesture may come before React has hydrated the page (a scroll while the scripts load): a node added to `.app`
  // then would not be in the server's HTML React compares with (error #418). React marks what it has hydrated.
  const start = () => {
    const app = document.querySelector('.app');
    if (app && !Object.keys(app).some((k) => k.startsWith('__reactFiber'))) {
      setTimeout(start, 100);
      return;
    }
    const router = (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
    draw(router?.state.location ?? location);
    router?.subscribe((state) => draw(state.location));
  };
  start();
}
