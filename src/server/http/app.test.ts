import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../testing/harness.ts';
import { messages } from '../../shared/catalogue.ts';
import { declaredRoutes } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API envelope', () => {
  it('answers health checks for load balancers', async () => {
    const res = await new Visitor(t.app).get('/v3.0/health');
    expect(res.json()).toEqual({ rc: 200, rm: '', data: { status: 'ok' } });
  });

  it.each([
    ['GET', '/v3.0/no/such/method'],
    ['POST', '/v3.0/no/such/method'],
    ['DELETE', '/v3.0/auth/check'],
    ['PUT', '/v3.0/auth/simple/login'],
  ] as const)('answers %s %s with a Russian 404', async (method, path) => {
    const res = await new Visitor(t.app).call(path, { method, body: method === 'GET' ? undefined : {} });
    expect(isRussianError(res, 404)).toBe(true);
  });

  it('refuses broken JSON with a Russian 400', async () => {
    const res = await new Visitor(t.app).call('/v3.0/auth/simple/login', { method: 'POST', body: '{"values": {' });
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.badJson);
  });

  it('refuses a body over the limit with a Russian 413', async () => {
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/login', {
      values: { email: 'a@b.ru', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(isRussianError(res, 413)).toBe(true);
  });

  it('refuses an unknown content type with a Russian 415', async () => {
    const res = await new Visitor(t.app).call('/v3.0/auth/simple/login', {
      method: 'POST',
      body: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(isRussianError(res, 415)).toBe(true);
  });

  it('refuses every unsafe method without the CSRF marker before anything else runs', async () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH'] as const) {
      const res = await new Visitor(t.app).call('/v3.0/auth/logout', { method, body: {}, csrf: false });
      expect(isRussianError(res, 403)).toBe(true);
    }
  });

  it('serves RSS and the sitemap at the site root, outside /v3.0', async () => {
    const rss = await new Visitor(t.app).get('/rss');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toContain('xml');
    expect(rss.body).toContain('<rss version="2.0"');
    const sitemap = await new Visitor(t.app).get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<urlset');
  });

  it('refuses half of a UTF-16 pair anywhere in what a route reads, also inside a JSON field, with a Russian 400', async () => {
    const v = new Visitor(t.app);
    await v.register({ name: 'Автор Суррогатов' });
    const lone = '\ud83d';
    const bodies: [string, unknown][] = [
      [
        '/v3.0/writing/save',
        { title: 'Запись', is_published: 0, entry: [{ type: 'text', data: { text: `смайлик ${lone}` } }] },
      ],
      // The blocks as a JSON string (multipart and forms send them so): the escape is unpacked by the schema.
      [
        '/v3.0/writing/save',
        {
          title: 'Запись',
          is_published: 0,
          entry: JSON.stringify([
            { type: 'video', data: { service: 'youtube', id: 'x', url: 'https://youtu.be/x', title: lone } },
          ]),
        },
      ],
      ['/v3.0/writing/save', { title: `Заголовок ${lone}`, is_published: 0, entry: [] }],
      ['/v3.0/email/subscribe/opt_in', { email: `a${lone}b@example.ru` }],
      ['/v3.0/notifications/settings/gender', { gender: lone }],
    ];
    for (const [path, body] of bodies) {
      const res = await v.post(path, body);
      expect(isRussianError(res, 400), `${path} ${res.body}`).toBe(true);
    }
    // Whole pairs are text like any other.
    const ok = await v.post('/v3.0/writing/save', {
      title: 'Запись 😀',
      is_published: 0,
      entry: [{ type: 'text', data: { text: 'смайлик 😀' } }],
    });
    expect(ok.json().rc, ok.body).toBe(200);
  });

  it('parses bracket notation in query strings', async () => {
    const res = await new Visitor(t.app).get('/v3.0/subsites/communities?limit=5&mode=raw');
    expect(res.json()).toMatchObject({ rc: 200, data: { items: [] } });
    const bad = await new Visitor(t.app).get('/v3.0/subsites/communities?limit[a]=5');
    expect(isRussianError(bad, 400)).toBe(true);
  });
});

describe('rate limits', () => {
  it('every route states its limit, and those without one are only probes and static files, as they say', async () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(200);
    const unstated = routes.filter((r) => r.spec.rateLimit === undefined);
    expect(unstated.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const unlimited = routes.filter((r) => r.spec.rateLimit === 'none').map((r) => r.url);
    for (const url of unlimited)
      expect(url).toMatch(
        /^\/(v3\.0\/health|media\/|sw\.js|sw-offline\.js|offline\.html|robots\.txt|manifest\.webmanifest|advert\.gif|px\.gif|[\w.-]+\.(png|ico|svg))/,
      );
  });

  it('a read over its limit is refused with a Russian 429', async () => {
    const limited = await startTestApp({ rateLimitScale: 0.01 });
    try {
      const v = new Visitor(limited.app);
      // READS is 300 a minute; at a hundredth of it, the fourth read in the minute is refused.
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await v.get('/v3.0/auth/check')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect(isRussianError(await v.get('/v3.0/auth/check'), 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('writes from other sites', () => {
  it('takes only the marker the client sends (1), and refuses writes another site sends even with it', async () => {
    const v = new Visitor(t.app);
    for (const marker of ['0', '', 'yes']) {
      const res = await v.call('/v3.0/auth/logout', {
        method: 'POST',
        body: {},
        csrf: false,
        headers: { 'x-this-is-csrf': marker },
      });
      expect(isRussianError(res, 403), marker).toBe(true);
    }
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await v.call('/v3.0/auth/logout', { method: 'POST', body: {}, headers });
      expect(isRussianError(res, 403), JSON.stringify(headers)).toBe(true);
      expect(res.json().rm).toBe(messages.crossSite);
    }
    const sameSite: Record<string, string>[] = [
      { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of sameSite) {
      const res = await v.call('/v3.0/auth/logout', { method: 'POST', body: {}, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('broken bodies and control characters', () => {
  const multipart = (v: Visitor, path: string, body: string) =>
    v.call(path, { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=zz' } });

  it('answers a multipart body its parser cannot read with a Russian 400, signed in or not', async () => {
    const anonymous = new Visitor(t.app);
    const signed = new Visitor(t.app);
    await signed.register();
    for (const body of ['x=1', '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1']) {
      for (const path of ['/v3.0/auth/simple/login', '/v3.0/like', '/v3.0/comment/add', '/v3.0/andropov/upload']) {
        const res = await multipart(signed, path, body);
        expect(isRussianError(res, 400), `${path}: ${res.body}`).toBe(true);
      }
      const res = await multipart(anonymous, '/v3.0/auth/simple/recover/request', body);
      expect(isRussianError(res, 400), res.body).toBe(true);
    }
  });

  it('refuses an identifier holding a control character, with nothing looked up', async () => {
    for (const email of ['user\u0000@example.ru', 'user@exam\u0007ple.ru']) {
      const res = await new Visitor(t.app).post('/v3.0/auth/simple/login', {
        values: { email, password: 'correct horse battery' },
      });
      expect(isRussianError(res, 400), res.body).toBe(true);
      expect(res.json().rm).toBe(messages.controlCharacters);
    }
    const v = new Visitor(t.app);
    await v.register();
    for (const [path, body] of [
      ['/v3.0/andropov/upload/urls', { urls: ['https://example.com/a\u0000.png'] }],
      ['/v3.0/andropov/extract', null],
    ] as const) {
      const res = body
        ? await v.post(path, body)
        : await v.get(`${path}?urls[]=${encodeURIComponent('https://example.com/\u0007')}`);
      expect(isRussianError(res, 400), `${path}: ${res.body}`).toBe(true);
      expect(res.json().rm).toBe(messages.controlCharacters);
    }
  });

  it('takes control characters but tab and line feed out of free text', async () => {
    const v = new Visitor(t.app);
    await v.register();
    const text = (t: string) => ({ type: 'text', data: { text: t } });
    const save = await v.post('/v3.0/writing/save', {
      title: 'За\u0000го\u0007ло\u001fвок\u0085',
      entry: [text('Пер\u0000вый\u0008 абзац')],
      is_published: 1,
    });
    expect(save.json().rc, save.body).toBe(200);
    const entry = save.json().data.entry;
    expect(entry.title).toBe('Заголовок');
    expect(JSON.stringify(entry)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const comment = await v.post('/v3.0/comment/add', { id: entry.id, text: 'При\u0000вет\r\n\tмир\u0001' });
    expect(comment.json().rc, comment.body).toBe(200);
    expect(comment.json().data.source).toBe('Привет\n\tмир');
  });

  it('answers a path holding a control character with 404', async () => {
    for (const path of ['/s/%00', '/s/%00/rss', '/v3.0/subsite/%07', '/u/1-%00', '/%C2%85']) {
      const res = await new Visitor(t.app).get(path);
      expect(res.statusCode, path).toBe(404);
    }
  });
});

describe('rate limits', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ rateLimitScale: 1 });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('answers rc 429 with the robot question once a visitor sends too many, and only that visitor', async () => {
    const v = new Visitor(strict.app, '10.9.9.9');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await v.post('/v3.0/auth/simple/recover/request', { values: { email: 'robot@example.ru' } })).statusCode,
      );
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const res = await v.post('/v3.0/auth/simple/recover/request', { values: { email: 'robot@example.ru' } });
    expect(res.json()).toEqual({ rc: 429, rm: messages.tooManyActions, error: 'too_many_actions', data: {} });
    const other = await new Visitor(strict.app, '10.9.9.10').post('/v3.0/auth/simple/recover/request', {
      values: { email: 'robot@example.ru' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('keys on the socket address: a forged X-Forwarded-For changes nothing unless the proxy is trusted', async () => {
    const recover = (app: TestApp['app'], ip: string, forwarded: string) =>
      new Visitor(app, ip).post(
        '/v3.0/auth/simple/recover/request',
        { values: { email: 'robot@example.ru' } },
        { headers: { 'x-forwarded-for': forwarded } },
      );
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await recover(strict.app, '10.9.8.1', `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);

    const behindProxy = await startTestApp({ rateLimitScale: 1, trustProxy: ['10.9.7.1'] });
    try {
      // From the trusted proxy each forwarded client has its own count; from anywhere else the header is ignored.
      for (let i = 0; i < 7; i++)
        expect((await recover(behindProxy.app, '10.9.7.1', `203.0.113.${i}`)).statusCode).toBe(200);
      const direct: number[] = [];
      for (let i = 0; i < 7; i++)
        direct.push((await recover(behindProxy.app, '10.9.7.2', `203.0.113.${i}`)).statusCode);
      expect(direct.slice(5)).toEqual([429, 429]);
    } finally {
      await behindProxy.close();
    }
  });

  it('holds the sign-up limit per address (10 an hour) whatever X-Forwarded-For says', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await new Visitor(strict.app, '10.9.6.1').post(
        '/v3.0/auth/simple/register',
        { values: { name: 'Новый Читатель', email: `forged-${i}@example.ru`, password: 'correct horse battery' } },
        { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('the request log', () => {
  it('keeps ordinary requests at debug, slow ones at warn and failures at error', async () => {
    const { requestLogLevel } = await import('./app.ts');
    expect(requestLogLevel(200, 3)).toBe('debug');
    expect(requestLogLevel(404, 3)).toBe('debug');
    expect(requestLogLevel(200, 1500)).toBe('warn');
    expect(requestLogLevel(500, 3)).toBe('error');
  });
});

describe('TRUST_PROXY', () => {
  it('reads nothing, a hop count, or addresses and ranges', async () => {
    const { parseTrustProxy } = await import('../config.ts');
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});

describe('ARGON2_MEMORY_KIB', () => {
  it("is OWASP's 19 MiB unless a sane number of KiB is given", async () => {
    const { passwordHashMemoryKib } = await import('../config.ts');
    expect(passwordHashMemoryKib({})).toBe(19456);
    expect(passwordHashMemoryKib({ ARGON2_MEMORY_KIB: '65536' })).toBe(65536);
    for (const bad of ['', '12', '1.5', 'много', '99999999999'])
      expect(passwordHashMemoryKib({ ARGON2_MEMORY_KIB: bad })).toBe(19456);
  });
});
