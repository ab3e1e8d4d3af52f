import { data, Link } from 'react-router';
import type { Route } from './+types/job.vacancy';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { VacancyData } from '../../shared/api/vacancies.ts';
import { formatDay } from '../../shared/format.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { JobWidget } from '../features/vacancies/JobWidget.tsx';
import { placeText, salaryText } from '../../shared/vacancy-format.ts';
import { BoardActions } from '../features/board/BoardActions.tsx';
import { EntryBlocks } from '../features/entries/Blocks.tsx';
import '../features/entries/entries.css';
import '../features/vacancies/vacancies.css';

const t = ui.vacancies;

/** `/job/{id}`: a vacancy; its author and staff also see it while it waits, and why it was rejected. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user, publicUrl } = context.get(appContext);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data(null, { status: 404 });
  try {
    const vacancy = await services.vacancies.one(id);
    return { vacancy, isStaff: Boolean(user?.is_staff), viewerId: user?.id ?? null, publicUrl, now: Date.now() };
  } catch (e) {
    throw data(null, { status: (e as { rc?: number }).rc ?? 500 });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [{ title: ui.siteName }];
  const v = d.vacancy;
  const tags = [
    { title: `${v.title} — ${v.company} — ${ui.siteName}` },
    {
      name: 'description',
      content: `${v.company}, ${placeText(v.town, v.is_remote)}. ${v.description_text.slice(0, 200)}`,
    },
  ];
  return v.state === 'published' ? tags : [...tags, { name: 'robots', content: 'noindex' }];
}

/** schema.org JobPosting (search engines read it). */
function jobPosting(v: VacancyData, publicUrl: string) {
  const employment = { full: 'FULL_TIME', part: 'PART_TIME', project: 'CONTRACTOR', internship: 'INTERN' };
  const salary =
    v.salary_from !== null || v.salary_to !== null
      ? {
          '@type': 'MonetaryAmount',
          currency: 'RUB',
          value: {
            '@type': 'QuantitativeValue',
            unitText: 'MONTH',
            ...(v.salary_from !== null ? { minValue: v.salary_from } : {}),
            ...(v.salary_to !== null ? { maxValue: v.salary_to } : {}),
          },
        }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: v.title,
    description: v.description_text,
    datePosted: v.published_at ?? v.created_at,
    ...(v.expires_at ? { validThrough: v.expires_at } : {}),
    employmentType: employment[v.employment],
    hiringOrganization: { '@type': 'Organization', name: v.company, sameAs: publicUrl + v.subsite.url },
    ...(v.town
      ? {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: v.town.name,
              ...(v.town.region ? { addressRegion: v.town.region } : {}),
              addressCountry: 'RU',
            },
          },
        }
      : {}),
    ...(v.is_remote
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'RU' } }
      : {}),
    ...(salary ? { baseSalary: salary } : {}),
    url: `${publicUrl}/job/${v.id}`,
  };
}

const BANNERS = {
  moderation: t.waitingBanner,
  rejected: t.rejectedBanner,
  unpublished: t.unpublishedBanner,
  expired: t.expiredBanner,
  published: '',
} as const;

export default function Vacancy({ loaderData }: Route.ComponentProps) {
  const { vacancy: v, publicUrl } = loaderData;
  const contact = v.apply_contact;
  const mail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact) ? `mailto:${contact}` : null;
  return (
    <div className="job-layout">
      <article className="page vacancy-page" data-testid="vacancy-page" data-state={v.state}>
        <script
          type="application/ld+json"
          // JSON inside a script: `<` is escaped so no text can close the tag.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jobPosting(v, publicUrl)).replace(/</g, '\\u003c') }}
        />
        <Link to="/job" className="vacancy-page__back">
          ← {t.backToList}
        </Link>
        {BANNERS[v.state] && (
          <div className={`vacancy-banner vacancy-banner--${v.state}`} data-testid="vacancy-banner">
            <b>{t.states[v.state]}.</b> {BANNERS[v.state]}
            {v.reason && (
              <p data-testid="vacancy-reason">
                {t.rejectReason}: {v.reason}
              </p>
            )}
          </div>
        )}
        <h1 className="page-title vacancy-page__title">{v.title}</h1>
        <p className="vacancy-page__salary" data-testid="vacancy-salary">
          {salaryText(v.salary_from, v.salary_to)}
        </p>
        <div className="vacancy-page__company">
          <Link to={v.subsite.url} className="vacancy-page__blog">
            <Avatar name={v.subsite.name} color={v.subsite.avatar_color} url={v.subsite.avatar_url} size={32} />
            <span>{v.company}</span>
          </Link>
          <Link to={`/job?subsite_id=${v.subsite.id}&town_id=0`} className="vacancy-page__more">
            {t.companyVacancies}
          </Link>
        </div>
        <dl className="vacancy-facts">
          <dt>{t.town}</dt>
          <dd data-testid="vacancy-place">{placeText(v.town, v.is_remote)}</dd>
          <dt>{t.specialisation}</dt>
          <dd>{t.specialisations[v.specialisation]}</dd>
          <dt>{t.experience}</dt>
          <dd>{t.experiences[v.experience]}</dd>
          <dt>{t.employment}</dt>
          <dd>{t.employments[v.employment]}</dd>
          {v.published_at && (
            <>
              <dt>{t.publishedAt}</dt>
              <dd>{formatDay(v.published_at)}</dd>
            </>
          )}
        </dl>
        <h2 className="vacancy-page__h2">{t.description}</h2>
        <div className="vacancy-page__text">
          <EntryBlocks blocks={v.description} />
        </div>
        <h2 className="vacancy-page__h2">{t.howToApply}</h2>
        <div className="vacancy-apply" data-testid="vacancy-apply">
          {v.apply_url && (
            <a href={v.apply_url} className="btn btn-primary" target="_blank" rel="noopener noreferrer nofollow ugc">
              {t.applyLink}
            </a>
          )}
          {contact && <p>{mail ? <a href={mail}>{contact}</a> : contact}</p>}
        </div>
        <BoardActions kind="vacancy" item={v} byStaff={loaderData.isStaff && loaderData.viewerId !== v.author_id} />
      </article>
      <aside className="job-aside" aria-label={t.asideLabel}>
        <JobWidget location={v.town?.id} />
      </aside>
    </div>
  );
}
