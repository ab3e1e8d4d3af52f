import { data, Link } from 'react-router';
import type { Route } from './+types/admin.pages';
import { appContext } from '../context.ts';
import { siteName } from '../../shared/catalogue/site.ts';
import { pagesUi as t } from '../../shared/catalogue/pages.ts';
import { isStaticSlug } from '../../shared/static-pages.ts';
import { formatDay } from '../../shared/format.ts';
import { PageEditor } from '../features/pages/PageEditor.tsx';
import '../features/pages/pages.css';

/** `/admin/pages?slug=…`: the site's own pages for administrators; with a slug, its editor and versions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get('slug') ?? '';
  const slug = isStaticSlug(asked) ? asked : null;
  const found = await services.staticPages.admin(slug);
  if (found.status !== 200) throw data(null, { status: found.status });
  return { pages: found.pages, versions: found.versions, slug };
}

export function meta() {
  return [{ title: `${t.adminTitle} — ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages, versions, slug } = loaderData;
  const page = pages.find((p) => p.slug === slug);
  if (page)
    return (
      <div className="page admin-pages" data-testid="admin-pages">
        <Link to="/admin/pages" className="admin-pages__back">
          ← {t.back}
        </Link>
        <PageEditor key={`${page.slug}:${page.updated_at}`} page={page} versions={versions} />
      </div>
    );
  return (
    <div className="page admin-pages" data-testid="admin-pages">
      <h1 className="page-title">{t.adminTitle}</h1>
      <p className="admin-pages__lead">{t.adminLead}</p>
      <ul className="admin-pages__list">
        {pages.map((p) => (
          <li key={p.slug} data-testid="admin-page" data-slug={p.slug}>
            <Link to={`/admin/pages?slug=${p.slug}`} className="admin-pages__name">
              {p.title}
            </Link>
            <span className="admin-pages__meta">
              {p.path} · {t.updated} {formatDay(p.updated_at)}
              {p.updated_by ? ` · ${p.updated_by.name}` : ` · ${t.template}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
