import type { Route } from './+types/api.reference';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { ApiReference } from '../features/accounts/ApiReference.tsx';
import '../features/accounts/accounts.css';

/** `/developers/api`: the OpenAPI document of `/v3.0/openapi.json`, drawn by our own page (nothing from a CDN). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { doc: await services.apiReference() };
}

export function meta() {
  return [{ title: `${ui.accounts.apiReference.title} — ${ui.siteName}` }];
}

export default function ApiReferencePage({ loaderData }: Route.ComponentProps) {
  return <ApiReference doc={loaderData.doc} />;
}
