import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.ts';

/**
 * Where media bytes live: an original under `{uuid}/original`, derivatives beside it under their filter key.
 * Objects are immutable (the uuid is the content's hash), so a put that races another put of the same key is
 * harmless and no object is ever rewritten.
 */
export interface MediaStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
}

export const originalKey = (uuid: string) => `${uuid}/original`;
export const derivativeKey = (uuid: string, filter: string) => `${uuid}/${filter}`;

/** Files under `${dataDir}/media`, spread over 256 folders by the uuid's first two digits. */
export function diskStore(root: string): MediaStore {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, whatever else runs at the same time.
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
  };
}

/**
 * An S3-compatible bucket (AWS, Yandex Object Storage, MinIO…), signed with SigV4 by aws4fetch. With an endpoint
 * the bucket is addressed by path (what MinIO and most S3-compatible services expect); without one, AWS itself.
 */
export function s3Store(s3: NonNullable<Config['s3']>): MediaStore {
  const client = new AwsClient({
    accessKeyId: s3.accessKey,
    secretAccessKey: s3.secretKey,
    region: s3.region,
    service: 's3',
    retries: 2,
  });
  const base = s3.endpoint
    ? `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  // Keys are made of uuid digits, dashes, underscores, dots and slashes only: safe in a URL path as they are.
  const urlOf = (key: string) => `${base}/${key}`;
  return {
    async get(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async put(key, data) {
      const res = await client.fetch(urlOf(key), { method: 'PUT', body: new Uint8Array(data) });
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
    },
  };
}

/** Object storage when S3_BUCKET is set (every node sees the same files), otherwise `${DATA_DIR}/media`. */
export function createMediaStore(config: Pick<Config, 'dataDir' | 's3'>): MediaStore {
  return config.s3 ? s3Store(config.s3) : diskStore(path.join(config.dataDir, 'media'));
}
