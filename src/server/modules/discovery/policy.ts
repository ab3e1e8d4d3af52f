import type { SubsiteCard } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { notFound } from '../../lib/errors.ts';

/** Who may tune which feed; the one place the discovery module decides. */

/** The tuning popup picks communities and company blogs: an unknown id or a person's blog refuses the call. */
export function assertTuneTargets(ids: number[], found: SubsiteCard[]) {
  const ok = new Set(found.filter((c) => c.type !== 'user').map((c) => c.id));
  if (ids.some((id) => !ok.has(id))) throw notFound(messages.tuneSubsiteNotFound);
}
