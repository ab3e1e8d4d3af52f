import { BOARD_KINDS, type BoardKind } from '../../../shared/board.ts';

/** A positive id from the page's address; anything else is no value. */
export const idParam = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The filters without their empty values: the API call's input and the address's query. */
export const filterInput = <F extends object>(f: F) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as F;

/** The address of a kind's list with these filters (`town_id=0` keeps "any town" over the reader's own). */
export function boardHref(kind: BoardKind, f: { town_id?: number; [name: string]: unknown }): string {
  const query = new URLSearchParams(Object.entries(filterInput(f)).map(([k, v]) => [k, v === true ? '1' : String(v)]));
  if (f.town_id === undefined) query.set('town_id', '0');
  return `${BOARD_KINDS[kind].path}?${query}`;
}
