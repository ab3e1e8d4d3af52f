/**
 * `npm run bench:ads`: the ads and first-party analytics (issue 30). As bench/job.ts: a data set generated with SQL
 * (bench/dataset.ts: authors, entries with hashtags, and N launched campaigns of varied targeting), the real server on
 * it (SEED=0), the load from a second process (bench/load.ts), a constant-JSON route as the ceiling in the same run.
 *
 * 1. `GET /distributions/random {place}` at concurrency 50 (a feed slot; under an entry, its tags and subsite read;
 *    the floating unit on a phone), beside the feed's list `/v3.0/feed`.
 * 2. Ingestion: `POST /analytics-event` batches as the browser sends them (web/features/ads/analytics.ts: a page's
 *    Show, its clicks, an ad's In-Viewport and Click, the action stack and the device) at `--events` a second for
 *    `--ingest` seconds, an open load (each batch at its slot, not after the previous answer); the feed's p99 before
 *    and during it; the server's CPU per batch and resident memory; after the server stops (it flushes its queue as it
 *    does), the rows in `analytics_events` against the events the server took and those its log says it dropped past
 *    the queue's cap (ANALYTICS_QUEUE_MAX). The limit of 60 batches a minute per address is out of the way by
 *    RATE_LIMIT_SCALE=1000000, the knob every bench server runs with (bench/processes.ts), not by many addresses.
 *    Results: docs/BENCHMARKS.md, «Ads and analytics (issue 30)».
 *
 *   npm run bench:ads                                                  # PGlite in a temporary directory
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:ads  # a fresh database beside that one
 *   npm run bench:ads -- --campaigns 500 --ingest 15 --duration 5
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/index.ts';
import { AD_DEVICES, AD_PLACES } from '../src/shared/ads.ts';
import { ANALYTICS_QUEUE_MAX } from '../src/shared/analytics.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { engine, fmt, freshDatabase, insertAuthors, insertEntries, mb, scenarios, type Row } from './dataset.ts';
import { cpuMs, load, peakRss, rss, startBenchServer } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    campaigns: { type: 'string', default: '200' },
    entries: { type: 'string', default: '20000' },
    authors: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    /** Events a second and seconds of the ingestion; events in one batch (the browser sends up to 50). */
    events: { type: 'string', default: '5000' },
    ingest: { type: 'string', default: '60' },
    batch: { type: 'string', default: '10' },
  },
});
const CAMPAIGNS = Number(args.campaigns);
const ENTRIES = Number(args.entries);
const AUTHORS = Number(args.authors);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const EVENTS = Number(args.events);
const INGEST = Number(args.ingest);
const BATCH = Number(args.batch);
const TAGS = Array.from({ length: 40 }, (_, i) => `тема${i + 1}`);
const SECTIONS = ['main', 'popular', 'new', 'entry', 'subsite', 'tag'];

const { log, measure, ceiling, print, rows } = scenarios('bench:ads', CONNECTIONS, DURATION);
const array = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/**
 * Entries with two of TAGS each; campaigns, every one launched a day ago (past the hold) with an impression cap far
 * away: places one to three of AD_PLACES, one in three targets a tag, one in five a subsite (an author's blog), one in
 * four sections, one in six a device, one in four has a frequency cap (the reader's hits are then read per request).
 */
async function generate(db: Database['db']) {
  const t0 = Date.now();
  const u0 = await insertAuthors(db, AUTHORS, 'ads');
  await insertEntries(db, u0, AUTHORS, ENTRIES);
  await db.execute(sql`insert into entry_hashtags (entry_id, tag)
    select id, (${array(TAGS)})[1 + id % ${TAGS.length}] from entries
    union select id, (${array(TAGS)})[1 + (id * 7 + 3) % ${TAGS.length}] from entries`);
  await db.execute(sql`insert into distributions (version, version_from, state, launched_at, created_by)
    select jsonb_build_object(
             'format', case when g % 3 = 0 then 'banner' else 'native' end,
             'title', 'Кампания ' || g, 'text', 'Текст объявления номер ' || g,
             'image_url', '', 'url', 'https://example.ru/ad/' || g,
             'advertiser', 'ООО «Ромашка»', 'inn', '7707083893', 'erid', 'bench' || g,
             'places', to_jsonb(array(select p from unnest(${array(AD_PLACES)}) with ordinality as x(p, i)
                                        where (g + i) % 3 <> 0 or i = 1 + g % 4)),
             'tags', case when g % 3 = 0 then jsonb_build_array((${array(TAGS)})[1 + g % ${TAGS.length}]) else '[]' end,
             'subsite_ids', case when g % 5 = 0 then jsonb_build_array(${u0} + g % ${AUTHORS}) else '[]' end,
             'sections', case when g % 4 = 0 then jsonb_build_array((${array(SECTIONS)})[1 + g % ${SECTIONS.length}],
                                                                    (${array(SECTIONS)})[1 + (g + 2) % ${SECTIONS.length}])
                              else '[]' end,
             'devices', case when g % 6 = 0 then jsonb_build_array((${array(AD_DEVICES)})[1 + g % 2])
                             else to_jsonb(${array(AD_DEVICES)}) end,
             'starts_on', null, 'ends_on', null, 'budget', null, 'impression_cap', 100000000,
             'frequency_cap', case when g % 4 = 1 then 1000 else null end),
           now() - interval '1 day', 'launched', now() - interval '1 day', ${u0}
      from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`analyze`);
  const [ids] = await queryRows<{ e0: number; d0: number }>(
    db,
    sql`select (select min(id) from entries)::int as e0, (select min(id) from distributions)::int as d0`,
  );
  log(`${ENTRIES} entries, ${CAMPAIGNS} campaigns (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return { ...ids, seconds: (Date.now() - t0) / 1000 };
}

/** Batches as analytics.ts sends them: a page's Show with its page data, clicks, an ad's In-Viewport and Click. */
function batches(ids: { e0: number; d0: number }): string[] {
  return Array.from({ length: 200 }, (_, b) => {
    const entry = ids.e0 + ((b * 97) % ENTRIES);
    const unit = ids.d0 + (b % CAMPAIGNS);
    const path = `/u/${entry}-zapis-${entry}`;
    const page = {
      author_name: `Автор ${b}`,
      author_type: 'user',
      tags: TAGS.slice(b % 10, (b % 10) + 2),
      comments: b % 30,
      likes: b % 50,
      favorites: b % 7,
      is_advertisement: false,
      navigation_name: 'entry',
    };
    const events = Array.from({ length: BATCH }, (_, i) =>
      i === 0
        ? { eventType: 'Show', entry_id: entry, path, page }
        : i % 4 === 1
          ? { eventType: 'In-Viewport', unit_id: unit, place: 'feed', path, page }
          : i % 4 === 2
            ? { eventType: 'Click', unit_id: unit, place: 'feed', path, page }
            : { eventType: 'Click', entry_id: entry, path, page },
    );
    return JSON.stringify({ events, stack: [`Show:${path}`, `Click:${path}`], device: b % 2 ? 'phone' : 'desktop' });
  });
}

/** The events the server's log says it dropped past the queue's cap (flushAnalytics' warning). */
const droppedIn = (out: string) => [...out.matchAll(/"dropped":(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);

ensureBuild();
const started = Date.now();
const loads = [os.loadavg()[0]];
await ceiling();
log(`generating on ${engine()}`);
const t = await freshDatabase('ads');
const gen = await generate(t.db.db);
await t.db.close();
const server = await startBenchServer({ ...t.env, SEED: '0', REDIS_URL: '' });
const memory = { idle: 0, beforeIngest: 0, peak: 0 };
const ingest = { sent: 0, taken: 0, batches: 0, errors: 0, cpuPerBatch: NaN, rps: NaN, p99: NaN };
let feedDuring: Row | undefined;
try {
  const { pid, url } = server;
  memory.idle = rss(pid);
  const feed = `${url}/v3.0/feed?sorting=date`;
  const feedBefore = await measure('feed list /v3.0/feed (new)', feed, pid);
  await measure(
    'unit, feed slot (section main, desktop)',
    `${url}/v3.0/distributions/random?place=feed&section=main&device=desktop`,
    pid,
  );
  const entryPaths = Array.from(
    { length: 200 },
    (_, i) => `/v3.0/distributions/random?place=entry&entry_id=${gen.e0 + ((i * 101) % ENTRIES)}&device=phone`,
  );
  await measure('unit, under an entry (its tags and subsite), 200 entries in turn', `${url}${entryPaths[0]}`, pid, {
    paths: entryPaths.slice(1),
  });
  await measure('unit, floating (phone)', `${url}/v3.0/distributions/random?place=floating&device=phone`, pid);
  loads.push(os.loadavg()[0]);
  memory.beforeIngest = rss(pid);

  // Ingestion at EVENTS a second, the feed loaded again from a third of the way in.
  const bodies = batches(gen);
  const post = {
    method: 'POST' as const,
    bodies,
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
  };
  const probe = await fetch(`${url}/v3.0/analytics-event`, { method: 'POST', body: bodies[0], headers: post.headers });
  if (!probe.ok) throw new Error(`analytics-event answered ${probe.status}: ${await probe.text()}`);
  const cpu0 = cpuMs(pid);
  const sending = load({
    url: `${url}/v3.0/analytics-event`,
    connections: CONNECTIONS,
    duration: INGEST,
    warmup: 0,
    rate: EVENTS / BATCH,
    plain: true,
    ...post,
  });
  await new Promise((r) => setTimeout(r, (INGEST / 3) * 1000));
  feedDuring = await measure(`feed list /v3.0/feed (new), during ${EVENTS} events/s`, feed, pid, { warmup: 0 });
  const sent = await sending;
  const cpu = cpuMs(pid) - cpu0 - feedDuring.answered * feedBefore.cpu;
  memory.peak = peakRss(pid);
  Object.assign(ingest, {
    batches: sent.answered + 1,
    errors: sent.errors,
    sent: (sent.answered + 1) * BATCH,
    taken: (sent.answered - sent.errors + 1) * BATCH,
    cpuPerBatch: cpu / sent.answered,
    rps: sent.rps,
    p99: sent.p99,
  });
  log(
    `ingestion: ${fmt(sent.rps * BATCH, 0)} events/s in ${fmt(sent.rps, 0)} batches/s, p99 ${fmt(sent.p99)} ms, ${sent.errors} refused, ${fmt(ingest.cpuPerBatch, 2)} ms CPU a batch`,
  );
} finally {
  await server.stop();
}
// The server flushed its queue as it stopped: count what reached the table.
const after = await openDatabase(
  t.env.DATABASE_URL ? { url: t.env.DATABASE_URL, dataDir: '' } : { url: '', dataDir: `${t.env.DATA_DIR}/db` },
);
const [{ written }] = await queryRows<{ written: number }>(
  after.db,
  sql`select count(*)::int as written from analytics_events`,
);
await after.close();
const dropped = droppedIn(server.output());
await t.drop();
await ceiling();
loads.push(os.loadavg()[0]);

console.log(
  `\n${engine()}, ${ENTRIES} entries, ${CAMPAIGNS} launched campaigns, ${os.cpus().length} CPU, Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s per scenario; generating took ${fmt(gen.seconds, 0)} s, the whole run ${fmt((Date.now() - started) / 1000, 0)} s; load average ${loads.map((l) => l.toFixed(1)).join(' → ')}\n`,
);
print();
console.log(
  `\ningestion: ${EVENTS} events/s asked in batches of ${BATCH} for ${INGEST} s (${ingest.batches} batches, ${fmt(ingest.rps * BATCH, 0)} events/s answered, p99 ${fmt(ingest.p99)} ms, ${ingest.errors} refused); server CPU ${fmt(ingest.cpuPerBatch, 2)} ms a batch (the feed's share taken out)`,
);
console.log(
  `events taken ${ingest.taken}, written by the flush ${written}, dropped past the queue's cap (${ANALYTICS_QUEUE_MAX}) ${dropped}, lost otherwise ${ingest.taken - written - dropped}`,
);
console.log(
  `feed p99: before ${fmt(rows.find((r) => r.scenario.startsWith('feed'))!.p99)} ms, during ${fmt(feedDuring?.p99 ?? NaN)} ms`,
);
console.log(
  `server resident memory: idle ${mb(memory.idle)} MB, before the ingestion ${mb(memory.beforeIngest)} MB, peak ${mb(memory.peak)} MB`,
);
