import { useEffect, useState } from 'react';
import { SPONSOR_AVATAR_SIZE, SPONSOR_COUNTS } from '../../../shared/billing.ts';
import type { Sponsor } from '../../../shared/api/billing.ts';
import { ui } from '../../../shared/catalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { billingCalls } from './calls.ts';
import { MOBILE_WIDTH } from '../../../shared/viewport.ts';

const t = ui.billing.plus;
const [PHONE_COUNT, WIDE_COUNT] = SPONSOR_COUNTS;

/**
 * The avatar grid of /plus (spec/content.md §9): the page comes with 714 avatars, a wide screen asks for 2178;
 * each 32 px, linking to the person. The count line says how many have Plus in all.
 */
export function SponsorsGrid({ first, total }: { first: Sponsor[]; total: number }) {
  const [items, setItems] = useState(first);
  useEffect(() => {
    if (first.length < PHONE_COUNT || !window.matchMedia(`(min-width: ${MOBILE_WIDTH}px)`).matches) return;
    let live = true;
    void billingCalls.sponsors(WIDE_COUNT).then((r) => {
      if (live && r.ok) setItems(r.data.items);
    });
    return () => {
      live = false;
    };
  }, [first]);

  return (
    <>
      <p className="plus-count" data-testid="plus-count">
        {total ? t.count(total) : t.noSponsors}
      </p>
      {items.length > 0 && (
        <ul className="plus-sponsors" data-testid="plus-sponsors" aria-label={t.sponsorsTitle}>
          {items.map((s) => (
            <li key={s.url}>
              <a href={s.url} title={s.name} aria-label={s.name}>
                <Avatar name={s.name} color="#6b7cff" url={s.avatar} size={SPONSOR_AVATAR_SIZE} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
