import type { SubsiteDetails } from '../../../shared/feed.ts';
import { PrivateStub } from './PrivateStub.tsx';
import { SubsiteHeader } from './SubsiteHeader.tsx';
import stylesheet from './subsites.css?url';

/**
 * An entry's page in a private community the reader does not read: the community's header and its stub, nothing of
 * the entry. routes/entry.tsx loads this module only for such a page, so the header's messenger and payment code never
 * reaches a reader of an ordinary entry. The stylesheet link gives the server's HTML its styles before this module's
 * own stylesheet arrives in the browser.
 */
export default function ClosedEntry({ subsite, now }: { subsite: SubsiteDetails; now: number }) {
  return (
    <div className="entry-wrap" data-testid="entry-closed">
      <link rel="stylesheet" href={stylesheet} precedence="default" />
      <SubsiteHeader subsite={subsite} now={now} />
      <PrivateStub subsite={subsite} />
    </div>
  );
}
