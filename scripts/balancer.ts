import http from 'node:http';
import net from 'node:net';

/**
 * A small load balancer for the local cluster (`npm run cluster`): round robin over the web nodes that pass their
 * readiness check (`GET /v3.0/health/ready`, every `checkMs`), WebSocket upgrades piped through, X-Forwarded-For and
 * X-Forwarded-Proto added (the nodes run with TRUST_PROXY=127.0.0.1). A request whose node refuses the connection is
 * sent to the next node (its body is held, so a write can be sent again: it never reached the first node); a GET or
 * HEAD is also sent again when its node drops it midway. A production site puts nginx or a cloud balancer here
 * (docs/DEPLOY.md).
 */
export interface Upstream {
  name: string;
  port: number;
  up: boolean;
}

export interface Balancer {
  url: string;
  upstreams: Upstream[];
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function startBalancer(opts: {
  port: number;
  upstreams: { name: string; port: number }[];
  checkMs?: number;
}): Promise<Balancer> {
  const upstreams: Upstream[] = opts.upstreams.map((u) => ({ ...u, up: true }));
  let next = 0;
  const pick = (skip: Set<Upstream>): Upstream | null => {
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[(next + i) % upstreams.length];
      if (u.up && !skip.has(u)) {
        next = (next + i + 1) % upstreams.length;
        return u;
      }
    }
    return null;
  };

  const check = (u: Upstream) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: u.port, path: '/v3.0/health/ready', timeout: 2000 }, (res) => {
        res.resume();
        u.up = res.statusCode === 200;
        resolve();
      });
      req.on('error', () => {
        u.up = false;
        resolve();
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
    });
  const timer = setInterval(() => void Promise.all(upstreams.map(check)), opts.checkMs ?? 500);

  const forwarded = (req: http.IncomingMessage) => ({
    ...req.headers,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-proto': 'http',
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<Upstream>();
      const send = () => {
        const u = pick(tried);
        if (!u) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('no web node answers\n');
          return;
        }
        tried.add(u);
        let answered = false;
        const up = http.request(
          { host: '127.0.0.1', port: u.port, method: req.method, path: req.url, headers: forwarded(req) },
          (upRes) => {
            answered = true;
            res.writeHead(upRes.statusCode ?? 502, upRes.rawHeaders);
            upRes.pipe(res);
            upRes.on('error', () => res.destroy());
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (answered) return res.destroy();
          const refused = err.code === 'ECONNREFUSED';
          if (refused) u.up = false;
          if (refused || IDEMPOTENT.has(req.method ?? '')) return send();
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('the web node dropped the request\n');
        });
        up.end(body);
      };
      send();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const u = pick(new Set());
    if (!u) return socket.destroy();
    const up = net.connect(u.port, '127.0.0.1', () => {
      const headers = forwarded(req);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [k, v] of Object.entries(headers)) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`);
      }
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });

  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
