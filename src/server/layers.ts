/**
 * The server's layers, lowest first (docs/ARCHITECTURE.md, "Import rules"). A file imports only files of its own layer
 * and lower ones; within a layer, modules must not import each other in a circle. `scripts/layers.ts` checks both in
 * `npm run lint`, along with cycles between files (type-only imports included).
 *
 * Plain data: the checker, its test and the docs read it. Every server file must fall into a layer.
 */
export const LAYERS = [
  /** Helpers and plumbing that know no module: the database, the app context, domain events, the job queue. */
  'base',
  /** Who is asking: users, sessions, access rules, captcha, the ways of signing in. */
  'identity',
  /** The guards others call before writing: bans, blocklist, locks, review holds (queries only). */
  'restrictions',
  /** What people write and read. */
  'content',
  /** Operations across content: moderation, an account's lifecycle, money, private messages, complaints. */
  'actions',
  /** Reaching people: notifications, push, mail, realtime. Others reach them through events and jobs. */
  'delivery',
  /** Wiring: HTTP (every module's routes.ts, page.ts and module.ts), job handlers, the schedule, roles, the entry point. */
  'top',
] as const;

export type Layer = (typeof LAYERS)[number];

/** Modules (src/server/modules/<name>) by layer; a module's routes.ts, page.ts and module.ts belong to `top`. */
export const MODULE_LAYERS: Record<string, Layer> = {
  auth: 'identity',
  users: 'identity',
  captcha: 'identity',
  signin: 'identity',
  restrictions: 'restrictions',
  entries: 'content',
  comments: 'content',
  feed: 'content',
  history: 'content',
  hashtags: 'content',
  votes: 'content',
  bookmarks: 'content',
  subsites: 'content',
  media: 'content',
  search: 'content',
  extract: 'content',
  hits: 'content',
  site: 'content',
  vacancies: 'content',
  events: 'content',
  reposts: 'content',
  pages: 'content',
  moderation: 'actions',
  accounts: 'actions',
  billing: 'actions',
  payments: 'actions',
  messenger: 'actions',
  complaints: 'actions',
  discovery: 'actions',
  quiz: 'actions',
  distributions: 'actions',
  backup: 'actions',
  livestreams: 'actions',
  notifications: 'delivery',
  push: 'delivery',
  mail: 'delivery',
  realtime: 'delivery',
};

/** Files and folders outside the modules, first match wins (paths relative to the repository root). */
export const OTHER_LAYERS: [RegExp, Layer][] = [
  [/^src\/shared\//, 'base'],
  [/^src\/server\/db\/seed(-data|-media|-pictures|-board)?\.ts$/, 'top'],
  [/^src\/server\/(lib|db)\//, 'base'],
  [/^src\/server\/(config|context|events)\.ts$/, 'base'],
  [/^src\/server\/jobs\/(map|queue|queries|letters)\.ts$/, 'base'],
  [/^src\/server\/jobs\//, 'top'],
  [/^src\/server\/(http|testing)\//, 'top'],
  [/^src\/server\/(schedule|roles|main|layers)\.ts$/, 'top'],
  [/^src\/server\/modules\/(index|manifest)\.ts$/, 'top'],
];

const MODULE_FILE = /^src\/server\/modules\/([^/]+)\/(.+)$/;

/** The module a file belongs to (`modules/<name>`, or the top folder or file of src/server), for the cycle check. */
export function unitOf(file: string): string | null {
  const m = MODULE_FILE.exec(file);
  if (m) return `modules/${m[1]}`;
  const other = /^src\/server\/([^/]+?)(\.ts)?(\/|$)/.exec(file);
  if (other) return other[1];
  return /^src\/shared\//.test(file) ? 'shared' : null;
}

/** A file's layer, or null when the map does not place it (itself an error for the checker). */
export function layerOf(file: string): Layer | null {
  const m = MODULE_FILE.exec(file);
  if (m) {
    if (/^(routes|page|module)\.ts$/.test(m[2])) return 'top';
    return MODULE_LAYERS[m[1]] ?? null;
  }
  for (const [re, layer] of OTHER_LAYERS) if (re.test(file)) return layer;
  return null;
}

export const rank = (layer: Layer) => LAYERS.indexOf(layer);
