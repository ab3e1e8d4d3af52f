import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CompanyDetails } from '../../../shared/api/discovery.ts';
import type { TeamMember } from '../../../shared/api/companies.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import './company.css';

const t = ui.discovery.company;
const roles = ui.accounts.subsite.roles;

/** A company blog's tabs (spec/foundation.md §1 'commercial tabs'): `?tab=`, the entries by default. */
export const COMPANY_TABS = ['entries', 'about', 'vacancies', 'events', 'team'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];
export const companyTab = (asked: string | null): CompanyTab => COMPANY_TABS.find((tab) => tab === asked) ?? 'entries';

const host = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** The commercial sidebar: the company's contacts, and the cabinet for its managers. */
export function CompanySidebar({
  details,
  cabinetUrl,
}: {
  details: CompanyDetails;
  /** Its managers' cabinet; null for other readers. */
  cabinetUrl: string | null;
}) {
  const rows: [string, ReactNode, string][] = [];
  if (/^https?:\/\//.test(details.website))
    rows.push([
      t.website,
      <a href={details.website} rel="nofollow noopener" target="_blank">
        {host(details.website)}
      </a>,
      'website',
    ]);
  if (details.phone) rows.push([t.phone, <a href={`tel:${details.phone}`}>{formatPhone(details.phone)}</a>, 'phone']);
  if (details.email) rows.push([t.email, <a href={`mailto:${details.email}`}>{details.email}</a>, 'email']);
  if (details.address) rows.push([t.address, details.address, 'address']);
  if (details.legal_name) rows.push([t.legalName, details.legal_name, 'legal-name']);
  if (details.inn) rows.push([t.inn, details.inn, 'inn']);
  if (!rows.length && !cabinetUrl) return null;
  return (
    <aside className="company-side-card" data-testid="company-contacts" aria-label={t.contacts}>
      <h2 className="company-side-card__title">{t.contacts}</h2>
      <dl className="company-contacts">
        {rows.map(([label, value, key]) => (
          <div key={key} className="company-contacts__row" data-testid={`company-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {cabinetUrl && (
        <Link to={cabinetUrl} className="btn btn-secondary company-side-card__cabinet" data-testid="company-cabinet">
          {t.cabinet}
        </Link>
      )}
    </aside>
  );
}

/** The tab strip: links, so each tab has its address and survives a reload. */
export function CompanyTabs({ url, current }: { url: string; current: CompanyTab }) {
  return (
    <nav className="feed-tabs company-tabs" aria-label={t.tabsLabel} data-testid="company-tabs">
      <div className="feed-tabs-main">
        {COMPANY_TABS.map((tab) => (
          <Link
            key={tab}
            to={tab === 'entries' ? url : `${url}?tab=${tab}`}
            className={`feed-tab${tab === current ? ' is-active' : ''}`}
            aria-current={tab === current ? 'page' : undefined}
            data-testid="company-tab"
            data-tab={tab}
            preventScrollReset
          >
            {t.tabs[tab]}
          </Link>
        ))}
      </div>
    </nav>
  );
}

/** 'О компании': the description and what the company tells about itself. */
export function CompanyAbout({ description, details }: { description: string; details: CompanyDetails }) {
  const facts: [string, string][] = [
    [t.legalName, details.legal_name],
    [t.industry, details.industry],
    [t.city, details.city],
    [t.employees, details.employees === null ? '' : String(details.employees)],
    [t.foundedYear, details.founded_year === null ? '' : String(details.founded_year)],
  ];
  const shown = facts.filter(([, v]) => v);
  return (
    <section className="company-panel" data-testid="company-about">
      {description && <p className="company-panel__lead">{description}</p>}
      {shown.length ? (
        <dl className="company-facts-grid">
          {shown.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !description && <p className="company-panel__empty">{t.aboutEmpty}</p>
      )}
    </section>
  );
}

/** 'Команда': the people who run and write the blog, with their roles. */
export function CompanyTeam({ items, testId = 'company-team' }: { items: TeamMember[]; testId?: string }) {
  if (!items.length)
    return (
      <section className="company-panel" data-testid={testId}>
        <p className="company-panel__empty">{t.teamEmpty}</p>
      </section>
    );
  return (
    <ul className="company-panel company-team" data-testid={testId}>
      {items.map((m) => (
        <li key={m.id} className="company-team__member" data-testid="company-member">
          <Avatar name={m.name} color={m.avatar_color} url={m.avatar_url} size={40} />
          <div>
            <Link to={m.url} className="company-team__name">
              {m.name}
            </Link>
            <div className="company-team__role">{roles[m.role === 'creator' ? 'owner' : m.role] ?? m.role}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A tab with nothing in it. */
export function CompanyEmpty({ text }: { text: string }) {
  return (
    <section className="company-panel">
      <p className="company-panel__empty">{text}</p>
    </section>
  );
}
