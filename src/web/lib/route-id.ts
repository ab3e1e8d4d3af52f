/** A path or query id as the pages accept it: a positive int4, else null (the page answers 404). */
export function routeId(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) && Number(param) > 0 && Number(param) <= 2 ** 31 - 1 ? Number(param) : null;
}
