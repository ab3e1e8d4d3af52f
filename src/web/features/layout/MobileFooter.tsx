import { useLocation } from 'react-router';
import { footerUi } from '../../../shared/catalogue/footer.ts';
import { swapMobileSegment, swapMobileUrl } from '../../../shared/mobile-path.ts';
import { PageLink } from '../../ui/PageLink.tsx';

/** The site's own pages: at the sidebar's bottom on a wide screen, in the mobile footer on a phone. */
export const FooterLinks = () =>
  FOOTER.map(([to, label]) => (
    <PageLink key={to} to={to}>
      {label}
    </PageLink>
  ));

const FOOTER = [
  ['/about', footerUi.about],
  ['/contacts', footerUi.contacts],
  ['/terms', footerUi.terms],
  ['/agreement', footerUi.agreement],
] as const;

/**
 * The mobile footer (spec/foundation.md §1, §2): under every page at mobile widths and in the mobile version
 * (sidebar.css shows it there only), the site's pages and the swap between the versions: «Мобильная версия» leads
 * from `/new` to `/m/new`, «Полная версия» back. The swap is a plain link: the other version is another basename, so
 * a whole page load. `mobile` is the tab's segment (`/m`, `/m-app`) or ''.
 */
export function MobileFooter({ mobile }: { mobile: string }) {
  // Inside the mobile basename the location is the main path; the address bar's has the segment. No fragment: the
  // server never sees it, and the hydrated link must be the server's.
  const { pathname, search } = useLocation();
  const here = (mobile ? swapMobileSegment(pathname, mobile) : pathname) + search;
  return (
    <footer className="mobile-footer" data-testid="mobile-footer">
      <nav className="mobile-footer__links" aria-label={footerUi.label}>
        <FooterLinks />
      </nav>
      <a className="mobile-footer__swap" href={swapMobileUrl(here)} data-testid="version-swap">
        {mobile ? footerUi.fullVersion : footerUi.mobileVersion}
      </a>
    </footer>
  );
}
