import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Block } from '../../shared/blocks.ts';
import type { MediaImage } from '../../shared/media.ts';
import { blockImage } from '../../shared/media-upload.ts';
import type { Ctx } from '../context.ts';
import { runFfmpeg, withTemp } from '../modules/media/ffmpeg.ts';
import { keepMade } from '../modules/media/service.ts';
import { subsites } from './schema.ts';
import { emblemPicture, hueOf, portrait, randomOf, scenePicture, type Scene } from './seed-pictures.ts';
import { seedCommunities, type SeedCommunity, type SeedEntry, type SeedUser } from './seed-data.ts';

/**
 * The demo's media (issue 33): portraits of the authors, emblems and covers of the communities, covers and galleries
 * of most entries, one entry with a clip and one with a sound. All of it drawn here (seed-pictures.ts, ffmpeg's own
 * signal sources) and stored through the media module like an upload, so it is served, cut and shared as any.
 */

/** The scenes that suit a community's subjects; personal blogs draw from all of them. */
const SCENES: Record<string, Scene[]> = {
  tech: ['chart', 'poster', 'fields', 'skyline'],
  games: ['poster', 'skyline', 'fields', 'waves'],
  business: ['chart', 'fields', 'poster', 'skyline'],
  cinema: ['skyline', 'landscape', 'waves', 'poster'],
  severbank: ['chart', 'fields'],
  pechka: ['landscape', 'waves', 'fields'],
  backstage: ['poster', 'landscape', 'skyline'],
};
const ANY_SCENE: Scene[] = ['landscape', 'waves', 'fields', 'poster', 'skyline'];
const EMBLEMS: Record<string, string> = {
  tech: 'chip',
  games: 'gamepad',
  business: 'growth',
  cinema: 'film',
  severbank: 'north',
  pechka: 'bread',
  backstage: 'lock',
};

/** The entry that opens with a clip, and the one that carries a sound (with its title). */
export const CLIP_ENTRY = 'trailer-marketing';
export const SOUND_ENTRY = {
  key: 'telegram-channel-3y',
  title: 'Джингл канала: тридцать секунд, которые мы написали сами',
};

/** Runs `fn` over the items, a few at a time (sharp draws on its own threads). */
export async function eachFew<T>(items: readonly T[], fn: (item: T, i: number) => Promise<void>, atOnce = 3) {
  for (let i = 0; i < items.length; i += atOnce)
    await Promise.all(items.slice(i, i + atOnce).map((x, j) => fn(x, i + j)));
}

const mediaPath = (ctx: Ctx, m: MediaImage) => `${ctx.config.mediaBaseUrl}/${m.uuid}/`;

/** The id seed.ts gave a key. */
function idIn(ids: ReadonlyMap<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed: no id for "${key}"`);
  return id;
}

/** Men's names that end as women's do. */
const MALE_IN_A = new Set(['Илья', 'Никита', 'Фома', 'Кузьма', 'Савва', 'Лука']);
/** Women of the demo wear their hair long: their names end as Russian feminine names do. */
const longHair = (name: string) => {
  const first = name.split(' ')[0] ?? '';
  return /[ая]$/.test(first) && !MALE_IN_A.has(first);
};

/** Portraits of the authors as their blogs' avatars. */
export async function seedPortraits(ctx: Ctx, users: readonly SeedUser[], ids: ReadonlyMap<string, number>) {
  await eachFew(users, async (u) => {
    const id = idIn(ids, u.key);
    const picture = await keepMade(ctx, id, await portrait(u.key, hueOf(u.color), longHair(u.name)));
    await ctx.db
      .update(subsites)
      .set({ avatarUrl: mediaPath(ctx, picture) })
      .where(eq(subsites.id, id));
  });
}

/** Each community's emblem as its avatar, and a wide scene of its subjects as its cover. */
export async function seedCommunityPictures(
  ctx: Ctx,
  communities: readonly SeedCommunity[],
  ids: ReadonlyMap<string, number>,
  uploaderId: number,
) {
  await eachFew(communities, async (c) => {
    const hue = hueOf(c.color);
    const [emblem, cover] = await Promise.all([
      emblemPicture(EMBLEMS[c.slug] ?? 'chip', c.color),
      scenePicture(`cover:${c.slug}`, (SCENES[c.slug] ?? ANY_SCENE)[0], hue, 1600, 400),
    ]);
    const avatar = await keepMade(ctx, uploaderId, emblem);
    const wide = await keepMade(ctx, uploaderId, cover);
    await ctx.db
      .update(subsites)
      .set({ avatarUrl: mediaPath(ctx, avatar), coverUrl: mediaPath(ctx, wide) })
      .where(eq(subsites.id, idIn(ids, c.slug)));
  });
}

/** A few seconds of a scene, the camera drifting over it: an h264 mp4 without sound, as a phone would upload. */
async function clip(key: string, hue: number): Promise<Buffer> {
  const still = await scenePicture(key, 'landscape', hue, 1280, 720);
  return withTemp(async (dir) => {
    const input = path.join(dir, 'still.jpg');
    const output = path.join(dir, 'clip.mp4');
    await fs.writeFile(input, still);
    await runFfmpeg([
      ...['-loglevel', 'error', '-loop', '1', '-i', input, '-t', '4'],
      ...['-vf', "zoompan=z='1+on/400':x='iw/2-(iw/zoom/2)+on*1.5':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=25"],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      output,
    ]);
    return fs.readFile(output);
  });
}

/** Thirty seconds of a calm tune (a few notes over a soft chord) as a 64 kbit/s mp3. */
async function tune(): Promise<Buffer> {
  const notes = [523.25, 659.25, 783.99, 659.25, 587.33, 698.46, 880, 698.46];
  const melody = notes.map((f, i) => `between(mod(t,8),${i},${i + 1})*sin(2*PI*${f}*t)*exp(-2.5*(mod(t,1)))`).join('+');
  const chord = '0.12*(sin(2*PI*261.63*t)+sin(2*PI*329.63*t)+sin(2*PI*392*t))';
  return withTemp(async (dir) => {
    const output = path.join(dir, 'tune.mp3');
    await runFfmpeg([
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', `aevalsrc='0.35*(${melody})+${chord}':s=22050:d=30`],
      ...['-af', 'afade=t=in:d=1,afade=t=out:st=28:d=2', '-c:a', 'libmp3lame', '-b:a', '64k', output],
    ]);
    return fs.readFile(output);
  });
}

const media = (images: MediaImage[], cover = false): Block => ({
  type: 'media',
  ...(cover ? { cover: true } : {}),
  data: { items: images.map((m) => ({ image: blockImage(m) })) },
});

/**
 * An entry's blocks with its media: a cover after the intro on most entries (every seventh stays text only, as
 * real feeds have), a gallery of three in the middle of every fifth, the clip and the sound where they belong.
 */
export async function withMedia(ctx: Ctx, e: SeedEntry, index: number, authorId: number, blocks: Block[]) {
  const r = randomOf(`entry:${e.key}`);
  const scenes = SCENES[e.community ?? ''] ?? ANY_SCENE;
  const hue = hueOf(e.community ? communityColor(e.community) : '#4a7bd0') + (r() - 0.5) * 60;
  const scene = (i: number) => scenes[(index + i) % scenes.length];
  const out = [...blocks];
  if (e.key === CLIP_ENTRY) {
    out.splice(1, 0, media([await keepMade(ctx, authorId, await clip(`clip:${e.key}`, hue))], true));
  } else if (index % 7 !== 3) {
    out.splice(1, 0, media([await keepMade(ctx, authorId, await scenePicture(`cover:${e.key}`, scene(0), hue))]));
  }
  if (index % 5 === 1 && out.length > 4) {
    const gallery: MediaImage[] = [];
    for (const i of [1, 2, 3])
      gallery.push(await keepMade(ctx, authorId, await scenePicture(`gallery:${e.key}:${i}`, scene(i), hue + i * 25)));
    out.splice(Math.ceil(out.length * 0.6), 0, media(gallery));
  }
  if (e.key === SOUND_ENTRY.key) {
    const sound = await keepMade(ctx, authorId, await tune());
    out.splice(2, 0, {
      type: 'audio',
      data: {
        uuid: sound.uuid,
        title: SOUND_ENTRY.title,
        duration: sound.duration,
        size: sound.size,
        type: sound.type,
      },
    } as Block);
  }
  return out;
}

/** A community's colour by its slug (the scenes of its entries lean to it). */
const communityColor = (slug: string) => seedCommunities.find((c) => c.slug === slug)?.color ?? '#4a7bd0';
