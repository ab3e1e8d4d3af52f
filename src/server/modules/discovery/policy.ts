import type { SubsiteCard } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isAdmin } from '../users/index.ts';

/** Who may tune which feed; the one place the discovery module decides. */

/** The tuning popup picks communities and company blogs: an unknown id or a person's blog refuses the call. */
export function assertTuneTargets(ids: number[], found: SubsiteCard[]) {
  const ok = new Set(found.filter((c) => c.type !== 'user').map((c) => c.id));
  if (ids.some((id) => !ok.has(id))) throw notFound(messages.tuneSubsiteNotFound);
}

/** A company blog's page and cabinet: only a subsite of type `company` is one. */
export function assertCompany<T extends { type: string }>(subsite: T | undefined): asserts subsite is T {
  if (!subsite || subsite.type !== 'company') throw notFound(messages.companyNotFound);
}

/**
 * Its details and cabinet: the company's creator and admins; the site's admins act as its admins (as in every
 * community's settings, accounts/policy.ts).
 */
export function assertManagesCompany(actor: { role: Role }, manages: boolean) {
  if (!manages && !isAdmin(actor)) throw forbidden(messages.companyForbidden);
}
