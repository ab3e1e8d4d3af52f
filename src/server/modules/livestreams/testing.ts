import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * A live HLS source for the tests: ffmpeg (the one media uses) cuts a test picture with a tone into one-second
 * segments once, and a local HTTP server plays them out as a stream in progress. Its master playlist names the video
 * playlist by a relative address, and that one its segments, as real sources do; the video playlist grows by a
 * segment a second from four (a live window without its end), and ends once every segment is out.
 */
export interface HlsOrigin {
  /** The master playlist. */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  /** A segment's bytes as the origin sends them. */
  segment(n: number): Buffer;
  /** Stops answering with playlists: the source goes away (404). */
  goDown(): void;
  close(): Promise<void>;
}

/**
 * The stream's length: it must stay live past the last play of the file that uses it (the browser test plays it at two
 * widths, a minute or more from its start; at 40 s its second width met the end of the stream and the play after a
 * pause never started). Three minutes take ~2.5 s of ffmpeg.
 */
const SECONDS = 180;
const FIRST_WINDOW = 4;

export async function startHlsOrigin(): Promise<HlsOrigin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-hls-'));
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-threads', '1'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-g', '10', '-keyint_min', '10', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '48k'],
    ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_filename', path.join(dir, 'seg%d.ts')],
    path.join(dir, 'all.m3u8'),
  ]);
  const all = fs.readFileSync(path.join(dir, 'all.m3u8'), 'utf8');
  const segments = [...all.matchAll(/^(#EXTINF:[^\n]*)\n(seg\d+\.ts)$/gm)].map((m) => `${m[1]}\n${m[2]}`);
  const started = Date.now();
  const requests: string[] = [];
  let down = false;

  const videoPlaylist = () => {
    const shown = Math.min(segments.length, FIRST_WINDOW + Math.floor((Date.now() - started) / 1000));
    const end = shown === segments.length ? '\n#EXT-X-ENDLIST' : '';
    return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n${segments.slice(0, shown).join('\n')}${end}\n`;
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(body);
    const playlistType = 'application/vnd.apple.mpegurl';
    const segment = /^\/live\/video\/(seg\d+\.ts)$/.exec(url)?.[1];
    if (down && url.endsWith('.m3u8')) res.writeHead(404).end();
    else if (url === '/live/master.m3u8')
      send(playlistType, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180\nvideo/index.m3u8\n');
    else if (url === '/live/video/index.m3u8') send(playlistType, videoPlaylist());
    else if (segment && fs.existsSync(path.join(dir, segment)))
      send('video/mp2t', fs.readFileSync(path.join(dir, segment)));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live/master.m3u8`,
    requests,
    segment: (n) => fs.readFileSync(path.join(dir, `seg${n}.ts`)),
    goDown: () => {
      down = true;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
