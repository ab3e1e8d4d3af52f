import fs from 'node:fs';

/**
 * Russian towns (1102 places with the status of a town) shipped with the project in `towns.json`: rows of
 * `[id, name, region, population, time zone]`, ids fixed by the file (1 is Москва), so vacancies and events store the
 * id. Data: GeoNames (CC BY 4.0), see docs/modules/vacancies.md. Lookups run in memory: the list is 100 KB.
 */
export interface Town {
  id: number;
  name: string;
  /** The region ('Республика Татарстан'); empty for Москва, Санкт-Петербург and Севастополь. */
  region: string;
  /** From GeoNames; 0 when GeoNames does not give it (16 small towns): such towns sort last among equal matches. */
  population: number;
  /** IANA time zone, e.g. 'Europe/Moscow' (events start in their town's zone). */
  tz: string;
}

type Row = [number, string, string, number, string];

let loaded: { list: Town[]; byId: Map<number, Town>; keys: string[] } | null = null;

function towns() {
  if (!loaded) {
    const rows = JSON.parse(fs.readFileSync(new URL('./towns.json', import.meta.url), 'utf8')) as Row[];
    const list = rows.map(([id, name, region, population, tz]) => ({ id, name, region, population, tz }));
    loaded = { list, byId: new Map(list.map((t) => [t.id, t])), keys: list.map((t) => townKey(t.name)) };
  }
  return loaded;
}

/** A name as the search compares it: lower case, ё as е, dashes and runs of spaces as one space. */
export const townKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\-‐–—]+/g, ' ')
    .trim();

export const townById = (id: number): Town | undefined => towns().byId.get(id);

/**
 * Towns whose name starts with the query (biggest first), then those with a word starting with it, then those
 * containing it; at most `limit`.
 */
export function findTowns(query: string, limit = 10): Town[] {
  const q = townKey(query);
  if (!q) return [];
  const { list, keys } = towns();
  const ranked: [number, Town][] = [];
  for (let i = 0; i < list.length; i++) {
    const key = keys[i];
    const at = key.indexOf(q);
    if (at < 0) continue;
    ranked.push([at === 0 ? 0 : key[at - 1] === ' ' ? 1 : 2, list[i]]);
  }
  return ranked
    .sort((a, b) => a[0] - b[0] || b[1].population - a[1].population)
    .slice(0, limit)
    .map(([, t]) => t);
}
