import { useEffect, useRef, useState } from 'react';
import { AD_SECTIONS, PHONE_MAX_WIDTH, type AdPlace, type AdSection } from '../../../shared/ads.ts';
import type { UnitData } from '../../../shared/api/distributions.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { track } from './analytics.ts';
import { adsCalls } from './calls.ts';

const t = distributionsUi;

export interface SlotTarget {
  place: AdPlace;
  entryId?: number;
  subsiteId?: number;
  section?: AdSection;
}

/**
 * What the page says of itself on its slot (`data-ad-place`, `data-subsite`, `data-section`); under an entry, its id
 * is the one of the page's address (`/u/{user}/{id}-{slug}`, `/s/{slug}/{id}-{slug}`).
 */
export function slotTarget(el: HTMLElement, path: string): SlotTarget {
  const id = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : undefined);
  const place = el.dataset.adPlace as AdPlace;
  return {
    place,
    entryId: place === 'entry' ? id(/^\/[us]\/[^/]+\/(\d+)-/.exec(path)?.[1]) : undefined,
    subsiteId: id(el.dataset.subsite),
    section: AD_SECTIONS.find((s) => s === el.dataset.section),
  };
}

/**
 * One unit of a place: asks `GET /distributions/random`, draws the answer with its legal marking and counts a hit once
 * half of it was in view. Nothing (not even space) when there is none or the request failed.
 */
export function AdUnit({ target, onClose }: { target: SlotTarget; onClose?: () => void }) {
  const [unit, setUnit] = useState<UnitData | null>(null);
  const ref = useRef<HTMLElement>(null);
  const { place, entryId, subsiteId, section } = target;

  useEffect(() => {
    let live = true;
    const device = matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches ? ('phone' as const) : ('desktop' as const);
    void adsCalls
      .random({
        place,
        device,
        ...(entryId ? { entry_id: entryId } : {}),
        ...(subsiteId ? { subsite_id: subsiteId } : {}),
        ...(section ? { section } : {}),
      })
      .then((r) => live && r.ok && setUnit(r.data.unitData));
    return () => {
      live = false;
    };
  }, [place, entryId, subsiteId, section]);

  useEffect(() => {
    const el = ref.current;
    if (!unit || !el) return;
    const seen = new IntersectionObserver(
      (found) => {
        if (!found.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        void adsCalls.hit(unit.id, place);
        track('In-Viewport', { unit_id: unit.id, place });
      },
      { threshold: 0.5 },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [unit, place]);

  if (!unit) return null;
  return (
    <aside
      ref={ref}
      className={`ad-unit ad-unit--${unit.format} ad-unit--${place}`}
      aria-label={unit.boosted ? t.boosted : t.label}
      data-testid="ad-unit"
      data-place={place}
      data-id={unit.id}
    >
      <div className="ad-unit__head">
        <span className="ad-unit__label">{unit.boosted ? t.boosted : t.label}</span>
        {onClose && (
          <button
            type="button"
            className="ad-unit__close"
            aria-label={t.close}
            onClick={onClose}
            data-testid="ad-close"
          >
            ×
          </button>
        )}
      </div>
      <a
        className="ad-unit__link"
        href={unit.url}
        target={unit.boosted ? undefined : '_blank'}
        rel={unit.boosted ? undefined : 'noopener sponsored'}
        onClick={() => track('Click', { unit_id: unit.id, place })}
        data-testid="ad-link"
      >
        {unit.image_url && <img className="ad-unit__image" src={unit.image_url} alt="" loading="lazy" />}
        {unit.format === 'native' && (
          <span className="ad-unit__body">
            <span className="ad-unit__title">{unit.title}</span>
            {unit.text && <span className="ad-unit__text">{unit.text}</span>}
          </span>
        )}
      </a>
      <p className="ad-unit__marking" data-testid="ad-marking">
        {unit.boosted ? t.boostedBy(unit.advertiser) : t.marking(unit.advertiser, unit.inn, unit.erid)}
      </p>
      <p className="ad-unit__links">
        <a href="/ad">{t.advertise}</a>
        {unit.isPaidAndBannersEnabled && <a href="/u/me/settings">{t.disable}</a>}
      </p>
    </aside>
  );
}
