import type { CompanyDetails } from '../../../shared/api/discovery.ts';
import type { CompanyCabinet, CompanyData, TeamMember } from '../../../shared/api/companies.ts';
import { subsiteRoleName } from '../../../shared/moderation.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './company-queries.ts';
import { assertCompany, assertManagesCompany } from './policy.ts';

/** Company blogs (issue 32): their details and commercial contacts, their team and their managers' cabinet. */

type Viewer = { id: number; role: 'user' | 'moderator' | 'admin' | 'superuser' };

function present(d: q.CompanyDetailsRow | undefined): CompanyDetails {
  return {
    legal_name: d?.legalName ?? '',
    industry: d?.industry ?? '',
    city: d?.city ?? '',
    website: d?.website ?? '',
    employees: d?.employees ?? null,
    founded_year: d?.foundedYear ?? null,
    phone: d?.phone ?? '',
    email: d?.email ?? '',
    address: d?.address ?? '',
    inn: d?.inn ?? '',
  };
}

const presentMember = (m: q.MemberRow): TeamMember => ({
  id: m.id,
  name: m.name,
  url: subsiteUrl({ id: m.id, type: 'user', slug: m.slug }),
  avatar_url: m.avatar_url,
  avatar_color: m.avatar_color,
  role: subsiteRoleName(m.role) ?? m.role,
});

async function companyOf(ctx: Ctx, id: number) {
  const subsite = await subsites.byId(ctx, id);
  assertCompany(subsite);
  return subsite;
}

/** The company, when the viewer may run it (its creator or admins, or the site's admins): 404 or 403 otherwise. */
export async function managedCompany(ctx: Ctx, viewer: Viewer, id: number) {
  const subsite = await companyOf(ctx, id);
  assertManagesCompany(viewer, await subsites.managesSubsite(ctx, { userId: viewer.id, subsiteId: id }));
  return subsite;
}

export async function company(ctx: Ctx, id: number): Promise<CompanyData> {
  await companyOf(ctx, id);
  return { subsite_id: id, details: present(await q.detailsOf(ctx.db, id)) };
}

export async function saveCompany(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  input: Partial<CompanyDetails>,
): Promise<CompanyData> {
  return transaction(ctx, async (ctx) => {
    await managedCompany(ctx, viewer, id);
    const row = await q.saveDetails(ctx.db, id, {
      legalName: input.legal_name,
      industry: input.industry,
      city: input.city,
      website: input.website,
      phone: input.phone,
      email: input.email,
      address: input.address,
      inn: input.inn,
      employees: input.employees,
      foundedYear: input.founded_year,
    });
    return { subsite_id: id, details: present(row) };
  });
}

export async function team(ctx: Ctx, id: number): Promise<{ items: TeamMember[] }> {
  await companyOf(ctx, id);
  return { items: (await q.teamOf(ctx.db, id)).map(presentMember) };
}

export async function cabinet(ctx: Ctx, viewer: Viewer, id: number): Promise<CompanyCabinet> {
  const subsite = await managedCompany(ctx, viewer, id);
  const [details, members, stats] = await Promise.all([
    q.detailsOf(ctx.db, id),
    q.teamOf(ctx.db, id),
    q.statsOf(ctx.db, id),
  ]);
  return {
    subsite: subsites.presentSubsite(subsite, new Set()),
    details: present(details),
    team: members.map(presentMember),
    stats: { ...stats, subscribers: subsite.subscribersCount },
    promotion_balance: details?.promotionBalance ?? 0,
  };
}

/** A company's promotion balance (kopecks): what its managers may spend on boosters; null when it is no company. */
export async function promotionOf(ctx: Ctx, subsiteId: number): Promise<number | null> {
  const subsite = await subsites.byId(ctx, subsiteId);
  if (!subsite || subsite.type !== 'company') return null;
  return (await q.detailsOf(ctx.db, subsiteId))?.promotionBalance ?? 0;
}

/**
 * Spends from (negative `delta`) or returns to a company's promotion balance inside the caller's transaction; false
 * when it holds too little. The single statement checks and moves it, so two boosters cannot both take the last rouble.
 */
export const movePromotion = async (ctx: Ctx, subsiteId: number, delta: number) =>
  (await q.movePromotion(ctx.db, subsiteId, delta)) !== null;
