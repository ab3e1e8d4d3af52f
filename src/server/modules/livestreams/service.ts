import type { LiveStreamCard, LiveStreamPlay, LiveStreamSettings } from '../../../shared/api/livestreams.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { LiveStreamAccess } from '../../../shared/livestreams.ts';
import { recognizeStreamSource } from '../../../shared/livestream-source.ts';
import { pageFacts } from '../../../shared/page-facts.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { perAppCache } from '../../lib/cache.ts';
import { badRequest, expected } from '../../lib/errors.ts';
import { liveTokenUser } from '../../lib/live-token.ts';
import { mayFetch } from '../../lib/safe-fetch.ts';
import type { UserRow } from '../auth/index.ts';
import * as subsites from '../subsites/service.ts';
import type { SubsiteRow } from '../subsites/index.ts';
import { hlsPart, partAddress, signPart, type HlsAnswer } from './hls.ts';
import { assertCanManage, assertCanWatch, assertOn } from './policy.ts';
import * as q from './queries.ts';

/** Live streams: their settings (staff and subsite managers), the layout slot's stream, and playing one. */

const subsiteRef = (s: { id: number; name: string; type: string; slug: string }) => ({
  id: s.id,
  name: s.name,
  url: subsiteUrl(s),
});

function present(row: q.StreamRow | undefined, subsite: SubsiteRow | null): LiveStreamSettings {
  return {
    id: row?.id ?? null,
    subsite: subsite ? subsiteRef(subsite) : null,
    source_url: row?.sourceUrl ?? '',
    kind: row?.kind ?? null,
    title: row?.title ?? '',
    cover_url: row?.coverUrl ?? null,
    access: row?.access ?? 'everyone',
    is_enabled: row?.isEnabled ?? false,
    enabled_at: row?.enabledAt?.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The subsite whose stream the person runs (null: the site's), after the policy's say. */
async function managed(ctx: Ctx, user: UserRow, subsiteId: number | null): Promise<SubsiteRow | null> {
  if (subsiteId === null) {
    assertCanManage(user, null, undefined, false);
    return null;
  }
  const [subsite, manages] = await Promise.all([
    subsites.byId(ctx, subsiteId),
    subsites.managesSubsite(ctx, { userId: user.id, subsiteId }),
  ]);
  assertCanManage(user, subsiteId, subsite, manages);
  return expected(subsite, 'the managed subsite');
}

/** `GET /private/liveStream/settings {subsite_id}`: the stream's settings, empty until first saved. */
export async function settings(ctx: Ctx, user: UserRow, subsiteId: number | null): Promise<LiveStreamSettings> {
  const subsite = await managed(ctx, user, subsiteId);
  return present(await q.streamOf(ctx.db, subsiteId), subsite);
}

export interface SaveInput {
  subsiteId: number | null;
  sourceUrl: string;
  title: string;
  coverUrl: string | null;
  access: LiveStreamAccess;
}

/**
 * `POST /private/liveStream/settings`: the source (an HLS playlist the server will fetch must not point into a
 * private network), title, cover and audience. Whether the stream is on stays as it was.
 */
export async function save(ctx: Ctx, user: UserRow, input: SaveInput): Promise<LiveStreamSettings> {
  const subsite = await managed(ctx, user, input.subsiteId);
  const source = recognizeStreamSource(input.sourceUrl);
  const refuse = (rm: string) => badRequest(rm, { errors: { source_url: rm } });
  if (!source) throw refuse(messages.liveStreamSourceInvalid);
  if (source.kind === 'hls' && !(await mayFetch(ctx.config, input.sourceUrl)))
    throw refuse(messages.liveStreamSourceRefused);
  const row = await q.saveStream(
    ctx.db,
    input.subsiteId,
    {
      sourceUrl: input.sourceUrl,
      kind: source.kind,
      title: input.title,
      coverUrl: input.coverUrl,
      access: input.access,
    },
    user.id,
    ctx.now(),
  );
  return present(row, subsite);
}

/** `POST /private/liveStream/enable` and `/disable`: a stream must be saved first. */
export async function setEnabled(
  ctx: Ctx,
  user: UserRow,
  subsiteId: number | null,
  on: boolean,
): Promise<LiveStreamSettings> {
  const subsite = await managed(ctx, user, subsiteId);
  const row = await q.streamOf(ctx.db, subsiteId);
  if (!row) throw badRequest(messages.liveStreamNotSaved);
  return present(await q.setEnabled(ctx.db, row.id, on, user.id, ctx.now()), subsite);
}

// ── The layout's slot ───────────────────────────────────────────────────────────────────────────────────────

// Every page asks which stream its slot shows: in production one query a second serves them all.
const enabledCache = perAppCache<q.EnabledStream[]>('livestreams.enabled', 1000, 1, { dropOnWrite: true });

const streamKey = (row: q.StreamRow) => `${row.id}-${Math.floor((row.enabledAt ?? row.updatedAt).getTime() / 1000)}`;

/**
 * The stream a page's livestream slot shows (the layout option `livestream`, shared/page-facts.ts): a subsite's own
 * on its page and its entries, else the site's. Null where the slot does not apply, when none is on, or when the
 * reader closed this one (`closedKey`, the closed cookie).
 */
export async function forPage(ctx: Ctx, path: string, closedKey: string | null): Promise<LiveStreamCard | null> {
  const facts = pageFacts(path, null);
  if (!facts.layout.livestream) return null;
  const load = () => q.enabledStreams(ctx.read);
  const on = ctx.config.sharedCaches ? await enabledCache(ctx).get('on', load) : await load();
  if (!on.length) return null;
  const ref = facts.subsiteRef;
  const own = ref
    ? on.find(({ subsite: s }) =>
        s === null
          ? false
          : 'id' in ref
            ? s.type === 'user' && s.id === ref.id
            : s.type !== 'user' && s.slug === ref.slug,
      )
    : undefined;
  const found = own ?? on.find((s) => s.subsite === null);
  if (!found || streamKey(found.stream) === closedKey) return null;
  const { stream, subsite } = found;
  return {
    id: stream.id,
    key: streamKey(stream),
    kind: stream.kind,
    title: stream.title,
    cover_url: stream.coverUrl,
    access: stream.access,
    subsite: subsite ? subsiteRef(subsite) : null,
  };
}

// ── Playing ─────────────────────────────────────────────────────────────────────────────────────────────────

// A Plus stream asks the reader's Plus on every playlist and segment: in production once per 10 s per reader.
const plusCache = perAppCache<boolean>('livestreams.plus', 10_000, 10_000);

/** The stream, once it is on and this token may watch it. */
async function watchable(ctx: Ctx, id: number, token: string | undefined): Promise<q.StreamRow> {
  const stream = await q.streamById(ctx.read, id);
  assertOn(stream);
  if (stream.access === 'everyone') return stream;
  const userId = token ? liveTokenUser(ctx.config.secret, token, ctx.now()) : null;
  const load = () => (userId === null ? Promise.resolve(false) : q.hasPlus(ctx.db, userId));
  const plus =
    ctx.config.sharedCaches && userId !== null ? await plusCache(ctx).get(String(userId), load) : await load();
  assertCanWatch(stream, userId, plus);
  return stream;
}

const hlsPath = (id: number) => `/v3.0/liveStream/${id}/hls`;
const withToken = (stream: q.StreamRow, token: string | undefined) =>
  stream.access === 'plus' && token ? `token=${encodeURIComponent(token)}` : '';

/** `GET /liveStream/{id}/play {token}`: the site's HLS address (the token in it) or the service's player. */
export async function play(ctx: Ctx, id: number, token: string | undefined): Promise<LiveStreamPlay> {
  const stream = await watchable(ctx, id, token);
  const source = expected(recognizeStreamSource(stream.sourceUrl), 'a saved source that is recognised');
  if (source.kind !== 'hls') return { kind: source.kind, url: expected(source.embed, 'the player address') };
  const query = withToken(stream, token);
  return { kind: 'hls', url: hlsPath(id) + (query ? `?${query}` : '') };
}

/** `GET /liveStream/{id}/hls {token, u, s}`: the source playlist, or a part it named (hls.ts). */
export async function hls(ctx: Ctx, id: number, input: { token?: string; u?: string; s?: string }): Promise<HlsAnswer> {
  const stream = await watchable(ctx, id, input.token);
  const secret = ctx.config.secret;
  const address =
    input.u !== undefined && input.s !== undefined
      ? partAddress(secret, id, stream.sourceUrl, input.u, input.s)
      : stream.sourceUrl;
  const token = withToken(stream, input.token);
  const link = (to: string) =>
    `${hlsPath(id)}?u=${Buffer.from(to).toString('base64url')}&s=${signPart(secret, id, stream.sourceUrl, to)}` +
    (token ? `&${token}` : '');
  return hlsPart(ctx, address, input.u === undefined, link);
}
