import { describe, expect, it } from 'vitest';
import { entryBlocksField } from './blocks.ts';
import { videoEmbedUrl } from './video.ts';
import {
  applicationLink,
  parseTimecode,
  recognizeTelegram,
  recognizeVideo,
  recognizeX,
  resultToBlock,
  type ExtractResult,
} from './extract.ts';

describe('recognizeVideo', () => {
  it('knows YouTube watch, short, youtu.be, embed, live and music links, with the timecode', () => {
    const id = 'dQw4w9WgXcQ';
    expect(recognizeVideo(`https://www.youtube.com/watch?v=${id}`)).toEqual({ service: 'youtube', id });
    expect(recognizeVideo(`https://m.youtube.com/watch?v=${id}&t=1m30s`)).toEqual({
      service: 'youtube',
      id,
      timecode: 90,
    });
    expect(recognizeVideo(`https://youtube.com/shorts/${id}`)).toEqual({ service: 'youtube', id });
    expect(recognizeVideo(`https://youtu.be/${id}?t=42`)).toEqual({ service: 'youtube', id, timecode: 42 });
    expect(recognizeVideo(`https://www.youtube.com/embed/${id}?start=15`)).toEqual({
      service: 'youtube',
      id,
      timecode: 15,
    });
    expect(recognizeVideo(`https://www.youtube-nocookie.com/embed/${id}`)).toEqual({ service: 'youtube', id });
    expect(recognizeVideo(`https://www.youtube.com/live/${id}`)).toEqual({ service: 'youtube', id });
    expect(recognizeVideo(`https://music.youtube.com/watch?v=${id}#t=1h`)).toEqual({
      service: 'youtube',
      id,
      timecode: 3600,
    });
  });

  it('refuses YouTube look-alikes and broken ids', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://youtube.com.evil.ru/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>',
      'не ссылка',
    ])
      expect(recognizeVideo(url), url).toBeNull();
  });

  it('knows VK video (vk.com, vkvideo.ru, clips, the player over a page, the embed)', () => {
    expect(recognizeVideo('https://vk.com/video-22822305_456242110')).toEqual({
      service: 'vk',
      id: '-22822305_456242110',
    });
    expect(recognizeVideo('https://vkvideo.ru/video-1_2')).toEqual({ service: 'vk', id: '-1_2' });
    expect(recognizeVideo('https://vk.com/video123_456')).toEqual({ service: 'vk', id: '123_456' });
    expect(recognizeVideo('https://vk.com/clip-5_6')).toEqual({ service: 'vk', id: '-5_6' });
    expect(recognizeVideo('https://vk.com/durov?z=video-7_8%2Fpl_wall')).toEqual({ service: 'vk', id: '-7_8' });
    expect(recognizeVideo('https://vk.com/video_ext.php?oid=-9&id=10&hash=abc')).toEqual({
      service: 'vk',
      id: '-9_10',
    });
    expect(recognizeVideo('https://vk.com/durov')).toBeNull();
    expect(recognizeVideo('https://vk.com/video-1_x')).toBeNull();
  });

  it('knows Vimeo and Coub', () => {
    expect(recognizeVideo('https://vimeo.com/76979871')).toEqual({ service: 'vimeo', id: '76979871' });
    expect(recognizeVideo('https://vimeo.com/76979871/abcdef1234')).toEqual({ service: 'vimeo', id: '76979871' });
    expect(recognizeVideo('https://vimeo.com/channels/staffpicks/12345')).toEqual({ service: 'vimeo', id: '12345' });
    expect(recognizeVideo('https://player.vimeo.com/video/555?h=1')).toEqual({ service: 'vimeo', id: '555' });
    expect(recognizeVideo('https://vimeo.com/about')).toBeNull();
    expect(recognizeVideo('https://coub.com/view/2pc24rpb')).toEqual({ service: 'coub', id: '2pc24rpb' });
    expect(recognizeVideo('https://coub.com/embed/2pc24rpb')).toEqual({ service: 'coub', id: '2pc24rpb' });
    expect(recognizeVideo('https://coub.com/community/animals')).toBeNull();
  });
});

describe('parseTimecode', () => {
  it('reads seconds and h/m/s forms', () => {
    expect(parseTimecode('90')).toBe(90);
    expect(parseTimecode('90s')).toBe(90);
    expect(parseTimecode('1h2m3s')).toBe(3723);
    expect(parseTimecode('2m')).toBe(120);
    for (const bad of [null, '', '0', 'abc', '1x', '-5']) expect(parseTimecode(bad), String(bad)).toBeUndefined();
  });
});

describe('Telegram and X posts', () => {
  it('recognises channel posts', () => {
    expect(recognizeTelegram('https://t.me/durov/123')).toEqual({
      url: 'https://t.me/durov/123',
      channel: 'durov',
      post: 123,
    });
    expect(recognizeTelegram('https://t.me/s/tass_agency/5?single')).toEqual({
      url: 'https://t.me/tass_agency/5',
      channel: 'tass_agency',
      post: 5,
    });
    expect(recognizeTelegram('https://telegram.me/durov/7')).toMatchObject({ channel: 'durov', post: 7 });
    expect(recognizeTelegram('https://t.me/c/1234567/89')).toBeNull();
    expect(recognizeTelegram('https://t.me/durov')).toBeNull();
    expect(recognizeTelegram('https://t.me.evil.ru/durov/1')).toBeNull();
  });

  it('recognises X and Twitter statuses', () => {
    expect(recognizeX('https://x.com/elonmusk/status/1585341984679469056')).toEqual({
      url: 'https://x.com/elonmusk/status/1585341984679469056',
      id: '1585341984679469056',
    });
    expect(recognizeX('https://twitter.com/jack/status/20?s=20')).toEqual({
      url: 'https://x.com/jack/status/20',
      id: '20',
    });
    expect(recognizeX('https://mobile.twitter.com/jack/status/20')).toMatchObject({ id: '20' });
    expect(recognizeX('https://x.com/jack')).toBeNull();
    expect(recognizeX('https://x.com/jack/status/abc')).toBeNull();
  });
});

describe('applicationLink', () => {
  const site = 'https://sreda.ru';
  it('reads entries, comments and subsites from our own host only', () => {
    expect(applicationLink('https://sreda.ru/u/5-ivan/42-zagolovok', site)).toEqual({ kind: 'entry', id: 42 });
    expect(applicationLink('https://www.sreda.ru/s/games/42-zagolovok', site)).toEqual({ kind: 'entry', id: 42 });
    expect(applicationLink('https://sreda.ru/42', site)).toEqual({ kind: 'entry', id: 42 });
    expect(applicationLink('https://sreda.ru/s/games/42?comment=7', site)).toEqual({
      kind: 'comment',
      entryId: 42,
      commentId: 7,
    });
    expect(applicationLink('https://sreda.ru/42?comments=8', site)).toEqual({
      kind: 'comment',
      entryId: 42,
      commentId: 8,
    });
    expect(applicationLink('https://sreda.ru/42?comment=abc', site)).toEqual({ kind: 'entry', id: 42 });
    expect(applicationLink('https://sreda.ru/u/5-ivan', site)).toEqual({ kind: 'subsite', id: 5 });
    expect(applicationLink('https://sreda.ru/s/games', site)).toEqual({ kind: 'community', slug: 'games' });
    expect(applicationLink('https://sreda.ru/popular', site)).toEqual({ kind: 'other' });
    expect(applicationLink('https://sreda.ru/99999999999', site)).toEqual({ kind: 'other' });
    expect(applicationLink('https://other.ru/42', site)).toBeNull();
    expect(applicationLink('https://sreda.ru.evil.com/42', site)).toBeNull();
  });
});

describe('resultToBlock', () => {
  const image = { uuid: 'https://example.com/p.jpg', width: 1200, height: 630 };
  const results: ExtractResult[] = [
    {
      type: 'video',
      data: {
        service: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://youtu.be/dQw4w9WgXcQ',
        title: 'Клип',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        timecode: 5,
      },
    },
    { type: 'video', data: { service: 'vk', id: '-1_2', url: 'https://vk.com/video-1_2', title: '', thumbnail: '' } },
    {
      type: 'link',
      data: {
        url: 'https://example.com/a',
        title: 'Т'.repeat(2000),
        description: 'Описание',
        image,
        favicon: 'https://example.com/favicon.ico',
        site_name: 'Пример',
      },
    },
    {
      type: 'link',
      data: { url: 'https://example.com/b', title: '', description: '', image: null, favicon: '', site_name: 'Пример' },
    },
    { type: 'telegram', data: { url: 'https://t.me/durov/1', channel: 'durov', post: 1 } },
    { type: 'x', data: { url: 'https://x.com/jack/status/20', id: '20' } },
    {
      type: 'entry',
      data: {
        id: 1,
        url: 'https://sreda.ru/u/1/1',
        title: 'Запись',
        description: 'Текст',
        image,
        date: '2026-01-01T00:00:00Z',
        author: { name: 'А', url: 'https://sreda.ru/u/1', avatar_url: null },
        subsite: { name: 'А', url: 'https://sreda.ru/u/1' },
      },
    },
    {
      type: 'comment',
      data: {
        id: 2,
        url: 'https://sreda.ru/u/1/1?comment=2',
        text: 'Ответ',
        date: '2026-01-01T00:00:00Z',
        author: { name: 'Б', url: 'https://sreda.ru/u/2', avatar_url: null },
        entry: { id: 1, title: 'Запись', url: 'https://sreda.ru/u/1/1' },
      },
    },
    {
      type: 'subsite',
      data: {
        id: 3,
        url: 'https://sreda.ru/s/games',
        type: 'community',
        name: 'Игры',
        description: '',
        avatar_url: '/media/x/',
      },
    },
  ];

  it('turns every result into a block the entry schema accepts', () => {
    const blocks = results.map(resultToBlock);
    expect(blocks.every(Boolean)).toBe(true);
    const parsed = entryBlocksField.safeParse(blocks);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(blocks[0]).toEqual({
      type: 'video',
      data: {
        service: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://youtu.be/dQw4w9WgXcQ',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        title: 'Клип',
        timecode: 5,
      },
    });
    // Empty title and thumbnail, no timecode: the fields are left out.
    expect(blocks[1]).toEqual({ type: 'video', data: { service: 'vk', id: '-1_2', url: 'https://vk.com/video-1_2' } });
    expect(blocks[2]).toMatchObject({
      type: 'link',
      data: { url: 'https://example.com/a', description: 'Описание', image: 'https://example.com/p.jpg' },
    });
    expect(blocks[8]).toEqual({ type: 'link', data: { url: 'https://sreda.ru/s/games', title: 'Игры' } });
  });

  it('gives no block for an error', () => {
    expect(
      resultToBlock({ type: 'error', data: { url: 'https://x.ru', message: 'Сайт не ответил вовремя' } }),
    ).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  const base = { id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' };
  it('starts the player at the timecode where the service takes one', () => {
    expect(videoEmbedUrl({ ...base, service: 'youtube', timecode: 90 })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90',
    );
    expect(videoEmbedUrl({ ...base, service: 'youtube' })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(videoEmbedUrl({ ...base, id: '76979871', service: 'vimeo', timecode: 75 })).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1#t=75s',
    );
    expect(videoEmbedUrl({ ...base, id: '-1_2', service: 'vk', timecode: 5 })).toBe(
      'https://vk.com/video_ext.php?oid=-1&id=2&autoplay=1&t=5s',
    );
    expect(videoEmbedUrl({ ...base, id: 'abc', service: 'coub', timecode: 5 })).toBe(
      'https://coub.com/embed/abc?autostart=true',
    );
  });
});
