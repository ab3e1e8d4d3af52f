import type { Route } from './+types/job.terms';
import { ui } from '../../shared/catalogue.ts';
import { vacancyAgreement, vacancyRules } from '../../shared/catalogue/vacancies-terms.ts';
import '../features/vacancies/vacancies.css';

/** `/job/rules` and `/job/agreement`: the terms a vacancy's author accepts (told apart by the route id). */
const textOf = (id: string) => (id === 'job-agreement' ? vacancyAgreement : vacancyRules);

export function loader({ request }: Route.LoaderArgs) {
  return { agreement: new URL(request.url).pathname.endsWith('/agreement') };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${(d?.agreement ? vacancyAgreement : vacancyRules).title} — ${ui.siteName}` }];
}

export default function JobTerms({ loaderData }: Route.ComponentProps) {
  const text = textOf(loaderData.agreement ? 'job-agreement' : 'job-rules');
  return (
    <article className="page job-terms" data-testid="job-terms">
      <h1 className="page-title">{text.title}</h1>
      <p className="job-terms__lead">{text.lead}</p>
      {text.sections.map((s) => (
        <section key={s.title}>
          <h2 className="vacancy-page__h2">{s.title}</h2>
          <ul>
            {s.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
