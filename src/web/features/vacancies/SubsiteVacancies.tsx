import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VacancyCardData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { VacancyCard } from './VacancyCard.tsx';
import './vacancies.css';

/** How many of a blog's open vacancies (and coming events) its page shows; the link leads to all of them. */
export const SUBSITE_VACANCIES = 3;

/** A board's block on a blog's page (its vacancies, its events): a title, a link to all of them, the cards. */
export function SubsiteBoard({
  title,
  all,
  testId,
  children,
}: {
  title: string;
  all: { url: string; text: string };
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="job-widget subsite-vacancies" data-testid={testId} aria-label={title}>
      <header className="job-widget__head">
        <h2 className="job-widget__title">{title}</h2>
        <Link to={all.url} className="job-widget__all">
          {all.text}
        </Link>
      </header>
      {children}
    </section>
  );
}

/** A company's (or any blog's) first open vacancies on its page; nothing when it has none. */
export function SubsiteVacancies({
  subsite,
  items,
  now,
}: {
  subsite: { id: number; type: 'user' | 'community' | 'company' };
  items: VacancyCardData[];
  now: number;
}) {
  if (!items.length) return null;
  return (
    <SubsiteBoard
      title={subsite.type === 'company' ? t.companyVacancies : t.widgetTitle}
      all={{ url: `/job?subsite_id=${subsite.id}&town_id=0`, text: t.widgetAll }}
      testId="subsite-vacancies"
    >
      {items.map((v) => (
        <VacancyCard key={v.id} v={v} now={now} compact />
      ))}
    </SubsiteBoard>
  );
}
