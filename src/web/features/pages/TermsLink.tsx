import type { ReactNode } from 'react';

/** A link from a form to the site's terms (/terms, /agreement, /job/rules…): it opens in a new tab, the form stays. */
export function TermsLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
