import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../testing/harness.ts';
import { pagePolicy } from '../lib/security-headers.ts';

/** Security headers on every answer; a page's policy names its inline scripts by hash (the browser side: tests/e2e/csp.test.ts). */
const { t } = useTestApp();

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

describe('security headers', () => {
  it('an API answer: nosniff, no framing, a referrer kept to the origin elsewhere, nothing to run, no HSTS on http', async () => {
    const res = await t.app.inject({ url: '/v3.0/health' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("a server-made page's policy allows exactly its own inline script, compressed or not", async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.app.inject({ url: '/auth/telegram/callback', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).toMatch(/object-src 'none'/);
      expect(policy).not.toMatch(/unsafe-inline[^;]*;.*script-src|script-src[^;]*unsafe-inline/);
      expect(policy).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    }
  });

  it('hashes inline scripts as written, leaves scripts with src to the origin rule', () => {
    const html =
      '<html><script>window.a = 1;</script><script type="module" async="">import "/x.js";\n</script>' +
      '<script src="/assets/app.js"></script></html>';
    const policy = pagePolicy(html);
    expect(policy.split('; ')[0]).toBe(`script-src 'self' ${sha('window.a = 1;')} ${sha('import "/x.js";\n')}`);
  });

  it('HSTS when the site is served over https', async () => {
    const https = await startTestApp({ publicUrl: 'https://sreda.example' });
    try {
      const res = await https.app.inject({ url: '/v3.0/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});

describe('a shared page', () => {
  it('a JSON answer shared by many readers keeps the nothing-to-run policy, compressed or not', async () => {
    for (const encoding of ['br', 'br', 'identity']) {
      const res = await t.app.inject({ url: '/v3.0/feed?sorting=date', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('names the policy of its text, not of its compressed bytes', async () => {
    const { SharedBody } = await import('../lib/page-encoding.ts');
    const html = '<html><script>window.__data = 1;</script></html>';
    const body = new SharedBody(Buffer.from(html));
    await body.encoded('br');
    expect(body.policy).toBe(pagePolicy(html));
    expect(body.policy).toContain(sha('window.__data = 1;'));
  });
});
