/**
 * `npm run bench:quiz`: the quiz vote fan-out (issue 28): V votes (default 1 000) on one quiz, at a steady rate
 * (default 1 000 a second), while N sockets (default 10 000) listen on the entry's channel `content-{id}`.
 *
 * It starts the real server (src/server/main.ts, production mode, SEED=0, from a private copy of the web
 * build), signs up an author who publishes an entry with a 4-option quiz through `POST /v3.0/writing/save`, signs up
 * V voters through the API (ARGON2_MEMORY_KIB=1024: the sign-ups' password hashing is setup, not what is measured),
 * opens N protocol-level socket clients from forked worker processes (bench/realtime-clients.ts) subscribed to
 * `content-{id}`, and sends the votes — `POST /v3.0/quiz/{hash}/entryId/{id}/vote/{option}`, each from its own
 * account with its own `X-Device-Fingerprint` — from this process, vote i due at start + i / rate whatever the
 * earlier answers, through at most `--connections` requests in flight (50, as a proxy's pool to one node would
 * keep): a vote the server cannot take yet waits for a connection, and that wait counts in its times (they run from
 * the vote's due moment). A vote refused or failed is counted, not retried. The server batches the results
 * (`QUIZ_THROTTLE_MS`, 500 ms per quiz per node): a few broadcasts.
 *
 * Figures:
 * - broadcasts: distinct `quiz results updated` messages (told apart by their total of voters);
 *   deliveries: messages received by all clients (expected: clients × broadcasts).
 * - delivery p50/p95/p99: for each message received, arrival − the send time of the latest vote it reflects, taken
 *   as the T-th vote sent for a message whose total is T (votes commit in about the order sent: at 1 a ms with
 *   answers of a few ms the error is a few ms). It holds that vote's own request (queueing included), the rest of
 *   the batch window after it, the results query and the fan-out; while votes keep coming the T-th vote lands near
 *   the window's end, and a window closing after the votes stopped adds its rest (up to 500 ms).
 * - vote → seen p99: for every vote and every client, the first arrival of a message counting it (total ≥ its
 *   place) − the vote's send time: what a reader waits to see a vote, the batch window included.
 * - last vote → all: from the last vote's send to the moment every client holds the final result.
 * - final ok: clients whose last message shows all V voters and option counts summing to V (single answer).
 * - vote answered p50/p99: the vote request's own time; server CPU per vote: the server's CPU time (/proc/<pid>/stat,
 *   processes.ts cpuMs) from the first vote to every client holding the final result, ÷ V — writes and fan-out.
 * - server RSS before and after the sockets opened.
 *
 * `--db pglite,postgres` (default) runs once on PGlite, whose one in-process connection takes the votes' transactions
 * one after another, then once on a fresh PostgreSQL database (BENCH_PG_URL, default below; skipped with a message
 * when it does not answer).
 *
 * No constant-JSON ceiling (unlike the throughput benches): the figures are latencies and CPU of a fan-out, as in
 * bench:realtime.
 *
 *   npm run bench:quiz
 *   npm run bench:quiz -- --clients 10000 --votes 1000 --rate 1000 --workers 4 --client light --db pglite,postgres
 *   BENCH_PG_URL=postgres://… npm run bench:quiz -- --db postgres
 *   npm run bench:quiz -- --clients 300 --votes 100          # a quick check
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root } from '../scripts/ensure-build.ts';
import { cpuMs, percentile, privateBuild, request, rss, startBenchServer } from './processes.ts';
import { quizBlock } from '../src/server/modules/quiz/testing.ts';
import { DEVICE_FINGERPRINT_HEADER, DEVICE_FINGERPRINT_LENGTH, randomAlphanumerics } from '../src/shared/quiz.ts';
import { channelName } from '../src/shared/realtime.ts';
import { freshPostgres } from '../src/server/testing/postgres.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    votes: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string', default: '4' },
    client: { type: 'string', default: 'light' },
    db: { type: 'string', default: 'pglite,postgres' },
  },
});
const CLIENTS = Number(args.clients);
const VOTES = Number(args.votes);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const WORKERS = Number(args.workers);
const CLIENT = args.client === 'full' ? 'full' : 'light';
const DATABASES = args.db.split(',') as ('pglite' | 'postgres')[];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** Sign-ups in flight at once (setup). */
const SIGNUPS_AT_ONCE = 8;

const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const ms = (n: number) => n.toFixed(1);
const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface Voter {
  cookie: string;
  fingerprint: string;
}

/** The calls the bench makes on one server, as a browser would. */
function api(base: string) {
  /** A signed-up account's session cookie. */
  async function signUp(name: string, n: number): Promise<string> {
    const res = await fetch(`${base}/v3.0/auth/simple/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({
        values: { name, email: `bench-quiz-${n}-${Date.now()}@example.ru`, password: 'нагрузочный пароль' },
      }),
    });
    if (!res.ok) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const post = (url: string, cookie: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    fetch(`${base}/v3.0/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie, ...headers },
      body: JSON.stringify(body),
    });

  /** An entry with one quiz, published as the editor saves it. */
  async function quizEntry(cookie: string, title: string) {
    const quiz = quizBlock(4);
    const res = await post('writing/save', cookie, {
      title,
      entry: [{ type: 'text', data: { text: 'Голосуйте!' } }, quiz],
      is_published: 1,
    });
    const body = (await res.json()) as { rc: number; data: { entry: { id: number } } };
    if (body.rc !== 200) throw new Error(`writing/save answered ${JSON.stringify(body)}`);
    return { id: body.data.entry.id, hash: quiz.data.hash, items: quiz.data.items.map((i) => i.hash) };
  }

  const vote = (v: Voter, quiz: { id: number; hash: string }, item: string) =>
    post(
      `quiz/${quiz.hash}/entryId/${quiz.id}/vote/${item}`,
      v.cookie,
      {},
      { [DEVICE_FINGERPRINT_HEADER]: v.fingerprint },
    );

  return { signUp, quizEntry, vote };
}

interface Row {
  db: string;
  clients: number;
  votes: number;
  rate: number;
  broadcasts: number;
  deliveries: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  seenP99: number;
  lastToAll: number;
  finalOk: number;
  voteP50: number;
  voteP99: number;
  refused: number;
  cpuPerVote: number;
  rssBefore: number;
  rssAfter: number;
  load: number;
}

async function run(db: 'pglite' | 'postgres'): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-quiz-'));
  const pgDb = db === 'postgres' ? await freshPostgres(PG_URL, 'sreda_bench_quiz') : null;
  const server = await startBenchServer(
    { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', REDIS_URL: '', SEED: '0', ARGON2_MEMORY_KIB: '1024' },
    { cwd: benchDir, nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  const base = server.url;
  const { signUp, quizEntry, vote } = api(base);
  try {
    const author = await signUp('Автор Опроса', 0);
    const quiz = await quizEntry(author, 'Опрос для замера');
    const warm = await quizEntry(author, 'Разогрев');
    const voters: Voter[] = [];
    const started = Date.now();
    for (let i = 0; i < VOTES; i += SIGNUPS_AT_ONCE) {
      const batch = Array.from({ length: Math.min(SIGNUPS_AT_ONCE, VOTES - i) }, (_, j) => i + j + 1);
      for (const cookie of await Promise.all(batch.map((n) => signUp(`Голосующий ${n}`, n))))
        voters.push({ cookie, fingerprint: randomAlphanumerics(DEVICE_FINGERPRINT_LENGTH) });
    }
    log(
      `${db}: entry ${quiz.id}, quiz ${quiz.hash}; ${VOTES} voters signed up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // Warm the vote path (JIT, prepared statements, the live results) on another quiz, so the measured one stays clean.
    for (const v of voters.slice(0, 50)) await vote(v, warm, warm.items[0]);
    await sleep(1000);
    const rssBefore = rss(server.pid);

    const workers = Array.from({ length: WORKERS }, () =>
      fork(path.join(root, 'bench', 'realtime-clients.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    const per = Math.ceil(CLIENTS / WORKERS);
    const openedAt = Date.now();
    const opened = await Promise.all(
      workers.map((w, i) =>
        request<{ opened: number; failed: number }>(
          w,
          {
            cmd: 'open',
            urls: [base],
            count: Math.max(0, Math.min(per, CLIENTS - i * per)),
            channel: channelName.content(quiz.id),
            offset: i * per,
            kind: CLIENT,
          },
          'opened',
        ),
      ),
    );
    const clients = opened.reduce((s, o) => s + o.opened, 0);
    const failed = opened.reduce((s, o) => s + o.failed, 0);
    log(
      `${clients} clients subscribed in ${((Date.now() - openedAt) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`,
    );
    const idleCpu = cpuMs(server.pid);
    await sleep(2000);
    const idleCpuPerS = (cpuMs(server.pid) - idleCpu) / 2;
    const rssAfter = rss(server.pid);

    // The votes: vote i is due at start + i / rate, whatever the earlier ones' answers; at most CONNECTIONS in flight.
    const sent: number[] = [];
    const answered: number[] = [];
    let refused = 0;
    let inFlight = 0;
    const waiting: (() => void)[] = [];
    const connection = () => (inFlight < CONNECTIONS ? void inFlight++ : new Promise<void>((r) => waiting.push(r)));
    const release = () => (waiting.length ? waiting.shift()!() : void inFlight--);
    const cpuStart = cpuMs(server.pid);
    const start = now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < VOTES; i++) {
      const at = start + (i * 1000) / RATE;
      if (at - now() > 1) await sleep(at - now());
      sent.push(at);
      pending.push(
        (async () => {
          await connection();
          try {
            const res = await vote(voters[i], quiz, quiz.items[i % quiz.items.length]);
            if (res.ok) return void (await res.arrayBuffer());
            refused++;
            log(`vote ${i} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
          } catch (err) {
            refused++;
            log(`vote ${i} failed: ${(err as Error).cause ?? err}`);
          } finally {
            answered.push(now() - at);
            release();
          }
        })(),
      );
    }
    await Promise.all(pending);
    const answeredAll = now();
    // The total every client should end with: the votes the server took.
    const accepted = VOTES - refused;
    const sendSeconds = (sent[VOTES - 1] - sent[0]) / 1000;
    const reached = await Promise.all(
      workers.map((w) =>
        request<{ clients: number }>(w, { cmd: 'await-total', total: accepted, timeoutMs: 30_000 }, 'reached'),
      ),
    );
    const cpuPerVote = (cpuMs(server.pid) - cpuStart) / VOTES;
    const allReached = reached.reduce((s, r) => s + r.clients, 0);
    await sleep(1000);

    const quizArrivals = (
      await Promise.all(workers.map((w) => request<{ quiz: number[] }>(w, { cmd: 'collect' }, 'latencies')))
    ).flatMap((r) => r.quiz);
    workers.forEach((w) => w.send({ cmd: 'close' }));
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on('exit', r)))));

    // Per client, its messages in order of arrival: [total, counts' sum, arrival].
    const byClient = new Map<number, [number, number, number][]>();
    for (let i = 0; i < quizArrivals.length; i += 4) {
      const [client, total, counted, at] = quizArrivals.slice(i, i + 4);
      if (!byClient.has(client)) byClient.set(client, []);
      byClient.get(client)!.push([total, counted, at]);
    }
    const totals = new Set<number>();
    const delivery: number[] = [];
    // Every (vote, client) pair: the first arrival counting the vote − its send time.
    const seen = new Float64Array(clients * VOTES).fill(Infinity);
    let seenAt = 0;
    let finalOk = 0;
    let allHaveFinal = 0;
    for (const messages of byClient.values()) {
      messages.sort((a, b) => a[2] - b[2]);
      let counted = 0;
      for (const [total, , at] of messages) {
        totals.add(total);
        delivery.push(at - sent[Math.min(total, accepted) - 1]);
        for (; counted < Math.min(total, accepted); counted++) seen[seenAt + counted] = at - sent[counted];
        if (total >= accepted) allHaveFinal = Math.max(allHaveFinal, at - sent[VOTES - 1]);
      }
      seenAt += VOTES;
      const last = messages.at(-1)!;
      if (last[0] === accepted && last[1] === accepted) finalOk++;
    }
    delivery.sort((a, b) => a - b);
    seen.sort();
    answered.sort((a, b) => a - b);

    const row: Row = {
      db,
      clients,
      votes: VOTES,
      // What the server took: the accepted votes over the time from the first due to the last answer.
      rate: accepted / Math.max((answeredAll - start) / 1000, 1e-3),
      broadcasts: totals.size,
      deliveries: delivery.length,
      expected: clients * totals.size,
      p50: percentile(delivery, 50),
      p95: percentile(delivery, 95),
      p99: percentile(delivery, 99),
      seenP99: percentile(seen, 99),
      lastToAll: allReached === clients ? allHaveFinal : Infinity,
      finalOk,
      voteP50: percentile(answered, 50),
      voteP99: percentile(answered, 99),
      refused,
      cpuPerVote,
      rssBefore,
      rssAfter,
      load: os.loadavg()[0],
    };
    log(
      `votes due over ${sendSeconds.toFixed(2)} s, taken at ${row.rate.toFixed(0)}/s, ${refused} refused; ${row.broadcasts} broadcasts, ${row.deliveries}/${row.expected} deliveries; ${finalOk}/${clients} clients hold all ${VOTES} votes; server idle CPU ${idleCpuPerS.toFixed(0)} ms/s with the sockets open`,
    );
    return row;
  } finally {
    await server.stop();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchDir = privateBuild('quiz');
/** Why PostgreSQL cannot be used (null: it answers); no Redis needed, unlike testing/postgres.ts `unreachable`. */
async function pgMissing(): Promise<string | null> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return null;
  } catch (err) {
    return `${PG_URL}: ${(err as Error).message}`;
  }
}
const missing = DATABASES.includes('postgres') ? await pgMissing() : null;
if (missing) log(`PostgreSQL skipped, not reachable: ${missing}`);
const rows: Row[] = [];
for (const db of DATABASES) if (db !== 'postgres' || !missing) rows.push(await run(db));
fs.rmSync(benchDir, { recursive: true, force: true });

console.log(
  [
    `clients: ${CLIENT}; one node (in-memory socket.io adapter)`,
    '| database | clients | votes (taken / s) | broadcasts | delivered | delivery p50, ms | p95, ms | p99, ms | vote → seen p99, ms | last vote → all, ms | final ok | vote answered p50 / p99, ms | server CPU per vote, ms | server RSS before → after sockets, MB | load average |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.db === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${row.clients} | ${row.votes}${row.refused ? ` (${row.refused} refused)` : ''} (${row.rate.toFixed(0)}) | ${row.broadcasts} | ${row.deliveries}/${row.expected} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.seenP99)} | ${ms(row.lastToAll)} | ${row.finalOk}/${row.clients} | ${ms(row.voteP50)} / ${ms(row.voteP99)} | ${row.cpuPerVote.toFixed(2)} | ${MB(row.rssBefore)} → ${MB(row.rssAfter)} | ${row.load.toFixed(1)} |`,
    ),
  ].join('\n'),
);
// Every client must hold every vote, and no vote may be refused.
if (rows.some((r) => r.finalOk !== r.clients || r.refused)) process.exitCode = 1;
