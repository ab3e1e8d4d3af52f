import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { AwsClient } from 'aws4fetch';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { freePort } from '../../../../scripts/free-port.ts';
import { diskStore, s3Store, type MediaStore } from './storage.ts';

/**
 * A local S3-compatible server (s3rver, from npm): the S3 REST calls, bucket and key layout, errors and the
 * access key are real; s3rver does not recompute SigV4 signatures, so the signing itself is aws4fetch's.
 */
const BUCKET = 'sreda-media';
let s3dir: string;
let diskDir: string;
let s3server: S3rver;
let s3: { endpoint: string; bucket: string; region: string; accessKey: string; secretKey: string };

beforeAll(async () => {
  s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-s3-'));
  diskDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-disk-'));
  const port = await freePort();
  s3server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3server.run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
  };
});
afterAll(async () => {
  await s3server?.close();
  await fs.rm(s3dir, { recursive: true, force: true });
  await fs.rm(diskDir, { recursive: true, force: true });
});

describe.each([
  ['disk', () => diskStore(diskDir)],
  ['S3', () => s3Store(s3)],
] as [string, () => MediaStore][])('%s media store', (_name, make) => {
  it('keeps bytes under a key and answers null for a key never put', async () => {
    const store = make();
    const uuid = crypto.randomUUID();
    const data = crypto.randomBytes(300_000);
    expect(await store.get(`${uuid}/original`)).toBeNull();
    await store.put(`${uuid}/original`, data);
    await store.put(`${uuid}/resize_700.webp`, Buffer.from('производное'));
    expect(Buffer.compare((await store.get(`${uuid}/original`))!, data)).toBe(0);
    expect((await store.get(`${uuid}/resize_700.webp`))!.toString()).toBe('производное');
    // A second put of the same key (two nodes making one derivative) is harmless.
    await Promise.all([store.put(`${uuid}/original`, data), store.put(`${uuid}/original`, data)]);
    expect((await store.get(`${uuid}/original`))!.length).toBe(data.length);
  });
});

describe('the S3 store', () => {
  it('fails loudly on an unknown access key instead of reading as missing', async () => {
    const key = `${crypto.randomUUID()}/original`;
    await s3Store(s3).put(key, Buffer.from('x'));
    const store = s3Store({ ...s3, accessKey: 'NOT-OURS' });
    await expect(store.get(key)).rejects.toThrow(/S3 GET/);
    await expect(store.put(`${crypto.randomUUID()}/original`, Buffer.from('x'))).rejects.toThrow(/S3 PUT/);
  });

  describe('behind the app (S3_BUCKET set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ s3 });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('uploads to the bucket and serves derivatives stored there', async () => {
      const v = new Visitor(t.app);
      await v.register();
      const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#204060' } })
        .png()
        .toBuffer();
      const res = await v.upload('/v3.0/andropov/upload', [
        { field: 'file_0', name: 'a.png', type: 'image/png', data: png },
      ]);
      const { uuid } = res.json().data.result[0].data;
      const resized = await t.app.inject({ method: 'GET', url: `/media/${uuid}/-/resize/200/-/format/webp/` });
      expect(resized.statusCode).toBe(200);
      expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
      // Both objects are in the bucket, read back with a client of our own.
      const client = new AwsClient({
        accessKeyId: s3.accessKey,
        secretAccessKey: s3.secretKey,
        region: s3.region,
        service: 's3',
      });
      const original = await client.fetch(`${s3.endpoint}/${BUCKET}/${uuid}/original`);
      expect(Buffer.compare(Buffer.from(await original.arrayBuffer()), png)).toBe(0);
      const derivative = await client.fetch(`${s3.endpoint}/${BUCKET}/${uuid}/resize_200.webp`);
      expect(Buffer.compare(Buffer.from(await derivative.arrayBuffer()), resized.rawPayload)).toBe(0);
    });
  });
});
