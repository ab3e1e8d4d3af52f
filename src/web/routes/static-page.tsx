import { data } from 'react-router';
import type { Route } from './+types/static-page';
import { appContext } from '../context.ts';
import { siteName } from '../../shared/catalogue/site.ts';
import { pagesUi as t } from '../../shared/catalogue/pages.ts';
import { STATIC_PAGES, STATIC_SLUGS } from '../../shared/static-pages.ts';
import { formatDay } from '../../shared/format.ts';
import { sharingMeta, siteImage } from '../lib/sharing.ts';
import { EntryBlocks } from '../features/entries/Blocks.tsx';
import '../features/entries/entries.css';
import '../features/pages/pages.css';

/**
 * `/terms`, `/agreement`, `/about`, `/contacts`, `/job/rules`, `/job/agreement`: the site's own pages, as
 * administrators wrote them at /admin/pages (told apart by the address).
 */
export async function loader({ pattern, context }: Route.LoaderArgs) {
  const { services, publicUrl, user } = context.get(appContext);
  // From the matched pattern, not the request URL: a client navigation asks for `/contacts.data`.
  const path = `/${pattern.replace(/^\/+|\/+$/g, '')}`;
  const slug = STATIC_SLUGS.find((s) => STATIC_PAGES[s] === path);
  if (!slug) throw data(null, { status: 404 });
  const page = await services.staticPages.page(slug);
  return {
    page,
    canonical: publicUrl + page.path,
    image: siteImage(publicUrl),
    canEdit: user?.role === 'admin' || user?.role === 'superuser',
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [{ title: siteName }];
  const { page } = d;
  return [
    { title: `${page.title} — ${siteName}` },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: d.canonical },
    ...sharingMeta({
      type: 'website',
      title: page.title,
      description: page.description,
      url: d.canonical,
      image: d.image,
    }),
  ];
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, canEdit } = loaderData;
  return (
    <article className="page static-page" data-testid="static-page" data-slug={page.slug}>
      <h1 className="page-title" data-testid="static-page-title">
        {page.title}
      </h1>
      <EntryBlocks blocks={page.blocks} />
      <footer className="static-page__foot">
        <span>
          {t.updated} {formatDay(page.updated_at)}
        </span>
        {canEdit && (
          <a href={`/admin/pages?slug=${page.slug}`} data-testid="static-page-edit">
            {t.edit}
          </a>
        )}
      </footer>
    </article>
  );
}
