import { subsitesUi as t } from '../../../shared/catalogue/subsites.ts';
import type { SubsiteDetails } from '../../../shared/feed.ts';
import { SubscribeButton } from './SubscribeButton.tsx';

/**
 * What a private community shows to those who do not read it (issue 32, point 4): on its page instead of its feed,
 * and on an entry's page instead of the entry. The button asks to join (an anonymous click signs in first).
 */
export function PrivateStub({ subsite }: { subsite: SubsiteDetails }) {
  return (
    <section className="private-stub" data-testid="private-stub" aria-labelledby="private-stub-title">
      <svg className="private-stub__lock" width="40" height="40" viewBox="0 0 24 24" aria-hidden>
        <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <h2 id="private-stub-title" className="private-stub__title">
        {t.privateTitle}
      </h2>
      <p className="private-stub__text">{t.privateText}</p>
      {subsite.plus_join && <p className="private-stub__text">{t.privatePlusText}</p>}
      <div className="private-stub__actions">
        <SubscribeButton
          subsite={{ id: subsite.id, is_subscribed: false, is_private: true, is_requested: subsite.is_join_requested }}
        />
      </div>
    </section>
  );
}
