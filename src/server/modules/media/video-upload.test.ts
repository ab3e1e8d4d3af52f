import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { messages } from '../../../shared/catalogue.ts';
import { encodeVideo } from './video.ts';

/**
 * The editor's video upload (issue 28): the request answers at once with the uuid and «processing», the
 * `media.video` job makes the H.264 mp4 and the state ready (or failed with a Russian reason: never a 5xx), and an
 * entry is not published with a video still being made, nor with someone else's.
 */

const MAX_MB = 2;
const run = promisify(execFile);
let t: TestApp;
let dir: string;
let author: Visitor;
let other: Visitor;

/** A clip made by ffmpeg from its test pattern (and a tone), in the container and codecs asked. */
async function clip(name: string, seconds: number, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x180:rate=25`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...args,
    file,
  ]);
  return fs.readFile(file);
}
const mov = (seconds = 2) => clip(`c${seconds}.mov`, seconds, ['-c:v', 'mjpeg', '-q:v', '5', '-c:a', 'pcm_s16le']);
const webm = () => clip('c.webm', 2, ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus']);

/** The upload a browser sends with one file in `field`; `null`: an anonymous visitor. */
const uploadVideo = (v: Visitor | null, data: Buffer, field = 'file') =>
  (v ?? new Visitor(t.app)).upload('/v3.0/andropov/upload/video', [
    { field, name: 'clip.mov', type: 'video/quicktime', data },
  ]);

const stateOf = (v: Visitor, uuid: string) => v.get(`/v3.0/andropov/upload/video/${uuid}`);
const drain = () => jobsOf(t.app.ctx).drain();
const videoBlock = (uuid: string) => ({ type: 'video', data: { mp4: uuid, width: 320, height: 180, has_audio: true } });
const save = (v: Visitor, uuid: string, published: 0 | 1, id?: number) =>
  v.post('/v3.0/writing/save', {
    ...(id ? { id } : {}),
    title: 'Видео с набережной',
    entry: [{ type: 'text', data: { text: 'Смотрите.' } }, videoBlock(uuid)],
    is_published: published,
  });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-video-job-'));
  t = await startTestApp({ dataDir: dir, uploadMaxMb: MAX_MB });
  // The job runs when the test drains the queue: the state between the upload and the job is seen for certain.
  await jobsOf(t.app.ctx).stop();
  author = new Visitor(t.app);
  await author.register();
  other = new Visitor(t.app);
  await other.register();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('POST /v3.0/andropov/upload/video and its job', () => {
  it('answers «processing» at once; the job makes an H.264 mp4 with sound, and the state turns ready', async () => {
    const data = await mov();
    const res = await uploadVideo(author, data);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json().data;
    expect(result).toMatchObject({ state: 'processing', progress: 0 });
    expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing served yet: the mp4 does not exist until the job has made it.
    expect((await t.app.inject({ method: 'GET', url: `/media/${result.uuid}/` })).statusCode).toBe(404);
    expect((await stateOf(author, result.uuid)).json().data.result.state).toBe('processing');

    await drain();
    const ready = (await stateOf(author, result.uuid)).json().data.result;
    expect(ready).toEqual({
      uuid: result.uuid,
      state: 'ready',
      progress: 100,
      width: 320,
      height: 180,
      has_audio: true,
    });
    const mp4 = await t.app.inject({ method: 'GET', url: `/media/${result.uuid}/` });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const file = path.join(dir, 'made.mp4');
    await fs.writeFile(file, mp4.rawPayload);
    const described = await run(ffmpeg.path, ['-hide_banner', '-i', file]).catch((e: { stderr: string }) => e);
    expect(described.stderr).toMatch(/Video: h264/);
    expect(described.stderr).toMatch(/Audio: aac/);

    // The same bytes again: ready at once, no second job.
    const again = (await uploadVideo(author, data)).json().data.result;
    expect(again).toMatchObject({ uuid: result.uuid, state: 'ready', progress: 100 });
  }, 120_000);

  it('a webm is made mp4 too', async () => {
    const res = await uploadVideo(author, await webm());
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const ready = (await stateOf(author, res.json().data.result.uuid)).json().data.result;
    expect(ready).toMatchObject({ state: 'ready', width: 320, height: 180 });
  }, 120_000);

  it('the encode reports its progress as it goes, up to the whole', async () => {
    const data = await mov(4);
    const shares: number[] = [];
    await encodeVideo(data, 'video/quicktime', 60, (s) => shares.push(s), 60_000);
    expect(shares.length).toBeGreaterThan(0);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBeGreaterThan(0.9);
  }, 120_000);

  it('a broken file ends in the failed state with a Russian reason, not a server error', async () => {
    // A real mp4's head (its signature says video) on bytes that are not a video.
    const real = await clip('real.mp4', 1, ['-c:v', 'libx264', '-c:a', 'aac']);
    const broken = Buffer.concat([real.subarray(0, 64), crypto.randomBytes(20_000)]);
    const res = await uploadVideo(author, broken);
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json().data.result;
    await drain();
    const failed = await stateOf(author, uuid);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data.result).toMatchObject({ state: 'failed', error: messages.mediaBroken });
    // Not published with it; a draft keeps it (the author sees why in the block).
    expect((await save(author, uuid, 0)).statusCode).toBe(200);
    const published = await save(author, uuid, 1);
    expect(isRussianError(published, 400)).toBe(true);
    expect(published.json().rm).toBe(messages.entryVideoFailed);
  }, 120_000);

  it('refuses what is not a video, too large, empty, missing or anonymous, each with a Russian message', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const wrongType = await uploadVideo(author, png);
    expect(isRussianError(wrongType, 400)).toBe(true);
    expect(wrongType.json().rm).toBe(messages.mediaVideoFormatInvalid);
    const tooBig = await uploadVideo(author, Buffer.concat([await mov(), crypto.randomBytes(MAX_MB * 1024 * 1024)]));
    expect(isRussianError(tooBig, 400)).toBe(true);
    expect(tooBig.json().rm).toBe(messages.mediaTooLarge(MAX_MB));
    expect(isRussianError(await uploadVideo(author, Buffer.alloc(0)), 400)).toBe(true);
    expect(isRussianError(await uploadVideo(author, await mov(), 'file_0'), 400)).toBe(true);
    expect(isRussianError(await uploadVideo(null, await mov()), 401)).toBe(true);
    expect(isRussianError(await author.get('/v3.0/andropov/upload/video/not-a-uuid'), 400)).toBe(true);
  }, 120_000);
});

describe('an entry with an uploaded video', () => {
  it('saves a draft while the video is made, publishes only when it is ready', async () => {
    const res = await uploadVideo(author, await mov(3));
    const { uuid } = res.json().data.result;
    const draft = await save(author, uuid, 0);
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json().data.entry.id;
    const early = await save(author, uuid, 1, id);
    expect(isRussianError(early, 400)).toBe(true);
    expect(early.json().rm).toBe(messages.entryVideoProcessing);
    await drain();
    const published = await save(author, uuid, 1, id);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.entry.blocks[1]).toMatchObject({ type: 'video', data: { mp4: uuid } });
  }, 120_000);

  it("another person's video: its state is not found, and no entry of theirs may carry it", async () => {
    const res = await uploadVideo(author, await mov(1));
    const { uuid } = res.json().data.result;
    await drain();
    const seen = await stateOf(other, uuid);
    expect(isRussianError(seen, 404)).toBe(true);
    expect(seen.json().rm).toBe(messages.mediaVideoNotFound);
    for (const published of [0, 1] as const) {
      const saved = await save(other, uuid, published);
      expect(isRussianError(saved, 400)).toBe(true);
      expect(saved.json().rm).toBe(messages.entryVideoNotFound);
    }
    // A uuid nobody uploaded, likewise.
    const made = await save(other, crypto.randomUUID(), 0);
    expect(made.json().rm).toBe(messages.entryVideoNotFound);
  }, 120_000);
});
