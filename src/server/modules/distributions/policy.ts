import { messages } from '../../../shared/catalogue.ts';
import type { AdDevice, AdPlace } from '../../../shared/ads.ts';
import type { DistributionVersion } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { DistributionRow } from './queries.ts';

/**
 * Which campaign shows where. The version live now is the last change once its hold passed, else the one before it
 * (none for a fresh launch). A version fits a page when each of its targets it sets holds: place, device, section,
 * subsite, one of the entry's tags, and today (Moscow) within its days.
 */
export interface Page {
  place: AdPlace;
  device: AdDevice | null;
  section: string | null;
  subsiteId: number | null;
  tags: readonly string[];
  now: Date;
}

export const liveVersion = (row: DistributionRow, now: Date): DistributionVersion | null =>
  now >= row.versionFrom ? row.version : (row.shown ?? null);

/** The day in Moscow (UTC+3, no daylight saving). */
const moscowDay = (now: Date) => new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

export function fits(v: DistributionVersion, page: Page): boolean {
  const day = moscowDay(page.now);
  return (
    v.places.includes(page.place) &&
    (page.device === null || v.devices.includes(page.device)) &&
    (v.sections.length === 0 || (page.section !== null && v.sections.includes(page.section))) &&
    (v.subsite_ids.length === 0 || (page.subsiteId !== null && v.subsite_ids.includes(page.subsiteId))) &&
    (v.tags.length === 0 || v.tags.some((t) => page.tags.includes(t))) &&
    (v.starts_on === null || v.starts_on <= day) &&
    (v.ends_on === null || day <= v.ends_on)
  );
}

/** Staff change any campaign but an archived one. */
export function assertChangeable(row: DistributionRow | undefined): DistributionRow {
  if (!row) throw notFound(messages.distributionNotFound);
  if (row.state === 'archived') throw new ApiError(409, messages.distributionArchived);
  return row;
}

/** A booster: the entry's author, or a manager of the company blog it is in (who may pay from its promotion balance). */
export const canBoost = (user: { id: number }, entry: { author_id: number }, managesCompany: boolean) =>
  entry.author_id === user.id || managesCompany;
