/** The query string a redirect keeps: the visitor's own, without React Router's `_routes` of a client navigation. */
export function keptQuery(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  return url.search;
}
