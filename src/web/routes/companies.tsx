import { Link } from 'react-router';
import type { Route } from './+types/companies';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { pluralize } from '../../shared/format.ts';
import { SubscribeButton } from '../features/subsites/SubscribeButton.tsx';
import { Avatar } from '../ui/Avatar.tsx';

const t = ui.discovery.companies;

/** `/companies`: the directory of company blogs with what they tell about themselves. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { list: await services.discovery.companies() };
}

export const meta = () => [{ title: `${t.title} — ${ui.siteName}` }, { name: 'description', content: t.lead }];

const host = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

export default function CompaniesPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <div className="disc-page" data-testid="companies-page">
      <section className="disc-card">
        <h1 className="disc-title">{t.title}</h1>
        <p className="disc-lead">{t.lead}</p>
      </section>
      <section className="disc-card">
        {list.items.length ? (
          <ul className="disc-list">
            {list.items.map(({ subsite, details, entries_count }) => (
              <li key={subsite.id} className="company" data-testid="company">
                <Avatar name={subsite.name} color={subsite.avatar_color} url={subsite.avatar_url} size={56} />
                <div className="company-body">
                  <h2 className="company-name">
                    <Link to={subsite.url}>{subsite.name}</Link>
                  </h2>
                  {subsite.description && <p className="company-desc">{subsite.description}</p>}
                  <ul className="company-facts">
                    {details.industry && <li>{details.industry}</li>}
                    {details.city && <li>{details.city}</li>}
                    {details.employees !== null && <li>{t.employees(details.employees)}</li>}
                    {details.founded_year !== null && <li>{t.founded(details.founded_year)}</li>}
                    <li>{pluralize(entries_count, ['запись', 'записи', 'записей'])}</li>
                    <li>{t.subscribers(subsite.subscribers_count)}</li>
                    {/^https?:\/\//.test(details.website) && (
                      <li>
                        <a href={details.website} rel="nofollow noopener" target="_blank">
                          {host(details.website)}
                        </a>
                      </li>
                    )}
                  </ul>
                </div>
                <div className="company-side">
                  <SubscribeButton subsite={subsite} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="disc-empty">{t.empty}</p>
        )}
      </section>
    </div>
  );
}
