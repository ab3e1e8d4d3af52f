/**
 * The load of `npm run cluster:drill` (scripts/cluster-drill.ts): virtual readers and writers through the balancer,
 * each with a session cookie and an address of its own (X-Forwarded-For: the nodes trust the balancer), doing reads
 * (the home page, the feed API, an entry), writes (sign-ups, published entries, comments), votes and messenger
 * messages, `connections` requests in flight at a time. Every request is logged with its start, end and outcome;
 * every write the API acknowledged (rc 200) is kept with the id it answered, to be looked up on the primary at the end.
 */
import crypto from 'node:crypto';

export type Op = 'page' | 'feed' | 'entry' | 'register' | 'publish' | 'comment' | 'vote' | 'message';

export interface Sample {
  op: Op;
  start: number;
  end: number;
  /** ok: an answer under 400; refused: 4xx (an answer, not a failure of the site); failed: 5xx or no answer. */
  outcome: 'ok' | 'refused' | 'failed';
  status: number;
}

export interface Acked {
  users: number[];
  entries: number[];
  comments: number[];
  messages: number[];
  votes: { userId: number; entryId: number; sign: number }[];
}

interface Reader {
  id: number;
  ip: string;
  cookie: string;
  entryId: number | null;
  chatId: number | null;
}

const now = () => performance.timeOrigin + performance.now();
const pick = <T>(a: T[]): T => a[Math.floor(Math.random() * a.length)];
const textBlock = (text: string) => ({ type: 'text', data: { text } });

/** The mix of one step: reads most, then the writes. */
const MIX: [Op, number][] = [
  ['page', 25],
  ['feed', 20],
  ['entry', 10],
  ['register', 5],
  ['publish', 10],
  ['comment', 12],
  ['vote', 12],
  ['message', 6],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);
function nextOp(): Op {
  let r = Math.random() * MIX_TOTAL;
  for (const [op, w] of MIX) if ((r -= w) < 0) return op;
  return 'page';
}

export class Load {
  samples: Sample[] = [];
  acked: Acked = { users: [], entries: [], comments: [], messages: [], votes: [] };
  readers: Reader[] = [];
  /** Each acknowledged entry's author: a reader does not vote for their own (rc 403). */
  private authors = new Map<number, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private ipSeq = 0;

  readonly url: string;
  readonly connections: number;
  constructor(url: string, connections: number) {
    this.url = url;
    this.connections = connections;
  }

  /** One request; null when it failed or was refused (logged either way). */
  private async call(op: Op, reader: Reader | null, path: string, body?: unknown, ip?: string) {
    const headers: Record<string, string> = {
      'x-forwarded-for': reader?.ip ?? ip ?? this.nextIp(),
      'accept-language': 'ru-RU,ru;q=0.9',
    };
    if (reader?.cookie) headers.cookie = reader.cookie;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['x-this-is-csrf'] = '1';
    }
    const start = now();
    let status = 0;
    try {
      const res = await fetch(this.url + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      const text = await res.text();
      const outcome = status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed';
      this.samples.push({ op, start, end: now(), outcome, status });
      if (outcome !== 'ok') return null;
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sreda_session='));
      return { json: path.startsWith('/v3.0/') ? JSON.parse(text) : null, cookie: cookie?.split(';')[0] };
    } catch {
      this.samples.push({ op, start, end: now(), outcome: 'failed', status });
      return null;
    }
  }

  private nextIp() {
    const n = ++this.ipSeq;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async register(): Promise<Reader | null> {
    const ip = this.nextIp();
    const tag = crypto.randomBytes(5).toString('hex');
    const values = { name: 'Читатель Нагрузки', email: `drill-${tag}@example.ru`, password: 'correct horse battery' };
    const res = await this.call('register', null, '/v3.0/auth/simple/register', { values }, ip);
    if (!res?.cookie) return null;
    const id = res.json.data.user.id as number;
    this.acked.users.push(id);
    const reader: Reader = { id, ip, cookie: res.cookie, entryId: null, chatId: null };
    this.readers.push(reader);
    return reader;
  }

  async publish(r: Reader) {
    const title = `Запись под нагрузкой ${crypto.randomBytes(3).toString('hex')}`;
    const body = { title, entry: [textBlock('Текст записи, написанной во время учений кластера.')], is_published: 1 };
    const res = await this.call('publish', r, '/v3.0/writing/save', body);
    if (!res) return;
    const id = res.json.data.entry.id as number;
    this.acked.entries.push(id);
    this.authors.set(id, r.id);
    r.entryId = id;
  }

  /** Any published entry of the run (or none yet). */
  private anyEntry(): number | null {
    const ids = this.acked.entries;
    return ids.length ? pick(ids) : null;
  }

  async comment(r: Reader) {
    const entryId = this.anyEntry();
    if (!entryId) return;
    const text = `Комментарий под нагрузкой ${crypto.randomBytes(3).toString('hex')}`;
    const res = await this.call('comment', r, '/v3.0/comment/add', { id: entryId, text });
    if (res) this.acked.comments.push(res.json.data.id as number);
  }

  async vote(r: Reader) {
    const entryId = this.anyEntry();
    if (!entryId || this.authors.get(entryId) === r.id) return;
    const sign = Math.random() < 0.8 ? 1 : -1;
    const res = await this.call('vote', r, '/v3.0/like', { id: entryId, type: 'content', sign });
    if (!res) return;
    // A later vote of the same reader on the same entry replaces the earlier one: keep the last acknowledged.
    this.acked.votes = this.acked.votes.filter((v) => !(v.userId === r.id && v.entryId === entryId));
    this.acked.votes.push({ userId: r.id, entryId, sign });
  }

  /** A direct chat with another reader (made once), then a message in it. */
  async message(r: Reader) {
    if (!r.chatId) {
      const other = pick(this.readers.filter((o) => o !== r));
      if (!other) return;
      const res = await this.call('message', r, '/v3.0/messenger/chats/create', {
        type: 'direct',
        user_ids: [other.id],
      });
      if (!res) return;
      r.chatId = res.json.data.id as number;
    }
    const text = `Сообщение под нагрузкой ${crypto.randomBytes(3).toString('hex')}`;
    const res = await this.call('message', r, `/v3.0/messenger/chats/${r.chatId}/send`, { text });
    if (res) this.acked.messages.push(res.json.data.id as number);
  }

  async step() {
    const r = pick(this.readers);
    switch (nextOp()) {
      case 'page':
        await this.call('page', Math.random() < 0.5 ? r : null, '/');
        break;
      case 'feed':
        await this.call('feed', Math.random() < 0.5 ? r : null, '/v3.0/feed?sorting=date');
        break;
      case 'entry': {
        const id = this.anyEntry();
        if (id) await this.call('entry', r, `/v3.0/entry/${id}`);
        break;
      }
      case 'register':
        await this.register();
        break;
      case 'publish':
        await this.publish(r);
        break;
      case 'comment':
        await this.comment(r);
        break;
      case 'vote':
        await this.vote(r);
        break;
      case 'message':
        await this.message(r);
        break;
    }
  }

  /** The first readers, each with an entry of their own, before the load starts. */
  async seed(count: number) {
    for (let i = 0; i < count; i++) {
      const r = await this.register();
      if (!r) throw new Error(`sign-up ${i + 1} of the seed failed: ${JSON.stringify(this.samples.at(-1))}`);
      await this.publish(r);
    }
    if (!this.acked.entries.length) throw new Error('no entry of the seed was published');
  }

  start() {
    this.running = true;
    this.loops = Array.from({ length: this.connections }, async () => {
      while (this.running) await this.step();
    });
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Requests that ended within [from, to]: answered (ok or refused) and failed. */
  between(from: number, to: number) {
    const inside = this.samples.filter((s) => s.end >= from && s.end <= to);
    return {
      ok: inside.filter((s) => s.outcome === 'ok').length,
      refused: inside.filter((s) => s.outcome === 'refused').length,
      failed: inside.filter((s) => s.outcome === 'failed').length,
    };
  }

  /** First ok request that started at or after `from` (ms since the epoch), or null. */
  firstOkAfter(from: number) {
    const s = this.samples.filter((x) => x.outcome === 'ok' && x.start >= from).sort((a, b) => a.end - b.end)[0];
    return s ? s.end : null;
  }
}
