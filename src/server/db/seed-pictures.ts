import crypto from 'node:crypto';
import sharp from 'sharp';

/**
 * The demo's pictures, drawn at seed time (issue 33): SVG scenes rendered by sharp, so nothing is downloaded and the
 * repository ships no image files. Every picture is decided by a key (an entry's, a person's), so a fresh start
 * draws the same site. Made by the project; free to use like the rest of it (NOTICE).
 */

/** A random source decided by a string: mulberry32 over the key's hash. */
export function randomOf(key: string): () => number {
  let a = crypto.createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const between = (r: Rand, a: number, b: number) => a + r() * (b - a);
const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

/** The hue of a `#rrggbb` colour. */
export function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const linear = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0.6}">${stops
    .map((c, i) => `<stop offset="${i / Math.max(1, stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** A ridge line across the width: a mountain range, a dune or a wave, closed down to the bottom. */
function ridge(r: Rand, w: number, h: number, base: number, amp: number, step: number, smooth: boolean): string {
  const pts: [number, number][] = [];
  for (let x = -step; x <= w + step; x += step * between(r, 0.6, 1.3))
    pts.push([x, base - r() * amp * (smooth ? 0.6 : 1)]);
  pts.push([w + step, base - r() * amp]);
  let d = `M${pts[0][0].toFixed(0)} ${pts[0][1].toFixed(0)}`;
  for (let i = 1; i < pts.length; i++) {
    const [x, y] = pts[i];
    if (smooth) {
      const [px, py] = pts[i - 1];
      d += ` Q${px.toFixed(0)} ${py.toFixed(0)} ${((px + x) / 2).toFixed(0)} ${((py + y) / 2).toFixed(0)}`;
    } else d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${w + step} ${h} L${-step} ${h} Z`;
}

/** Mountains (or hills) under a sky with a sun, layers fading into the haze. */
function landscape(r: Rand, hue: number, w: number, h: number): string {
  const evening = r() < 0.5;
  const sky = evening
    ? [hsl(hue + 200, 45, 28), hsl(hue + 330, 60, 62), hsl(hue + 20, 85, 78)]
    : [hsl(hue + 190, 60, 62), hsl(hue + 170, 45, 82), hsl(hue + 40, 60, 90)];
  const sun = `<circle cx="${between(r, 0.2, 0.8) * w}" cy="${between(r, 0.25, 0.5) * h}" r="${between(r, 0.06, 0.11) * w}" fill="${evening ? hsl(hue + 30, 95, 86) : hsl(50, 100, 96)}" opacity="0.95"/>`;
  const layers = [0, 1, 2, 3]
    .map((i) => {
      const base = h * (0.5 + i * 0.13);
      const light = evening ? 40 - i * 8 : 62 - i * 12;
      const fill = hsl(hue + (evening ? 250 : 150) + i * 6, evening ? 30 : 28 + i * 6, light);
      return `<path d="${ridge(r, w, h, base, h * (0.28 - i * 0.05), w / (6 + i * 3), i > 1)}" fill="${fill}"/>`;
    })
    .join('');
  return svg(
    w,
    h,
    `<defs>${linear('sky', sky)}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${sun}${layers}`,
  );
}

/** Soft colour fields, the calm "mesh gradient" of a product page: radial glows, no blur filter (fast to draw). */
function fields(r: Rand, hue: number, w: number, h: number): string {
  const colors = [hue, hue + 35, hue - 30, hue + 60, hue + 180].map((x) =>
    hsl(x, between(r, 55, 75), between(r, 66, 78)),
  );
  const glows = colors
    .map((c, i) => {
      const radius = between(r, 0.35, 0.6) * w;
      return `<radialGradient id="g${i}"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient><circle cx="${between(r, 0, w)}" cy="${between(r, 0, h)}" r="${radius}" fill="url(#g${i})"/>`;
    })
    .join('');
  return svg(w, h, `<rect width="${w}" height="${h}" fill="${hsl(hue + 10, 60, 86)}"/>${glows}`);
}

/** Layered waves: the sea at dusk or a graph paper of tides. */
function waves(r: Rand, hue: number, w: number, h: number): string {
  const body = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = h * (0.35 + i * 0.13);
      const a = h * between(r, 0.04, 0.08);
      const len = w / between(r, 1.2, 2.5);
      const phase = r() * len;
      let d = `M0 ${y.toFixed(0)}`;
      for (let x = 0; x <= w; x += 20)
        d += ` L${x} ${(y + a * Math.sin(((x + phase) / len) * Math.PI * 2)).toFixed(1)}`;
      return `<path d="${d} L${w} ${h} L0 ${h} Z" fill="${hsl(hue + i * 8, 55, 70 - i * 11)}"/>`;
    })
    .join('');
  return svg(
    w,
    h,
    `<defs>${linear('s', [hsl(hue + 20, 70, 92), hsl(hue + 10, 60, 78)])}</defs><rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${w * between(r, 0.6, 0.85)}" cy="${h * 0.3}" r="${h * 0.12}" fill="${hsl(hue + 40, 90, 96)}"/>${body}`,
  );
}

/** A town's skyline at night, windows lit here and there. */
function skyline(r: Rand, hue: number, w: number, h: number): string {
  // Night skies stay blue to violet whatever the community's colour.
  const night = 225 + (((hue % 50) + 50) % 50);
  let blocks = '';
  for (const layer of [0, 1]) {
    let x = -20;
    while (x < w) {
      const bw = between(r, 50, 130);
      const bh = h * between(r, 0.25, 0.6) * (layer ? 0.75 : 1);
      const top = h - bh;
      const fill = hsl(night, 30, layer ? 16 : 26);
      blocks += `<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${fill}"/>`;
      if (layer)
        for (let wy = top + 14; wy < h - 20; wy += 22)
          for (let wx = x + 10; wx < x + bw - 14; wx += 18)
            if (r() < 0.32)
              blocks += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="11" fill="${hsl(45, 95, between(r, 65, 82))}"/>`;
      x += bw + between(r, 0, 12);
    }
  }
  const stars = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${between(r, 0, w)}" cy="${between(r, 0, h * 0.45)}" r="${between(r, 0.6, 1.8)}" fill="#fff" opacity="${between(r, 0.4, 0.9)}"/>`,
  ).join('');
  return svg(
    w,
    h,
    `<defs>${linear('n', [hsl(night, 55, 14), hsl(night + 30, 45, 30), hsl(night + 90, 50, 48)])}</defs><rect width="${w}" height="${h}" fill="url(#n)"/>${stars}<circle cx="${w * between(r, 0.1, 0.9)}" cy="${h * 0.22}" r="${h * 0.07}" fill="${hsl(50, 60, 92)}"/>${blocks}`,
  );
}

/** A poster of simple shapes on a grid: circles, halves, quarters and stripes in the palette. */
function poster(r: Rand, hue: number, w: number, h: number): string {
  const cols = 6;
  const size = w / cols;
  const rows = Math.ceil(h / size);
  const palette = [
    hsl(hue, 70, 50),
    hsl(hue + 35, 85, 62),
    hsl(hue + 180, 55, 40),
    hsl(40, 30, 92),
    hsl(hue + 210, 30, 20),
  ];
  let tiles = '';
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const x = i * size;
      const y = j * size;
      const [bg, fg] = [pick(r, palette), pick(r, palette)];
      tiles += `<rect x="${x}" y="${y}" width="${size + 1}" height="${size + 1}" fill="${bg}"/>`;
      const kind = Math.floor(r() * 5);
      const s = size;
      if (kind === 0) tiles += `<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s * 0.38}" fill="${fg}"/>`;
      else if (kind === 1)
        tiles += `<path d="M${x} ${y + s} A${s} ${s} 0 0 1 ${x + s} ${y} L${x + s} ${y + s} Z" fill="${fg}"/>`;
      else if (kind === 2)
        tiles += `<path d="M${x} ${y + s / 2} A${s / 2} ${s / 2} 0 0 1 ${x + s} ${y + s / 2} Z" fill="${fg}"/>`;
      else if (kind === 3) tiles += `<path d="M${x} ${y} L${x + s} ${y} L${x} ${y + s} Z" fill="${fg}"/>`;
      else
        for (let k = 0; k < 4; k++)
          tiles += `<rect x="${x}" y="${y + (k * s) / 4}" width="${s}" height="${s / 8}" fill="${fg}"/>`;
    }
  return svg(w, h, tiles);
}

/** A dashboard of a market: an area chart over bars, on a dark ground. */
function chart(r: Rand, hue: number, w: number, h: number): string {
  const n = 14;
  let y = h * between(r, 0.55, 0.7);
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    pts.push([(w * i) / n, y]);
    y = Math.min(h * 0.8, Math.max(h * 0.18, y - h * between(r, -0.08, 0.12)));
  }
  const line = pts.map(([x, py], i) => `${i ? 'L' : 'M'}${x.toFixed(0)} ${py.toFixed(0)}`).join(' ');
  const bars = pts
    .map(
      ([x], i) =>
        `<rect x="${(x + 8).toFixed(0)}" y="${(h * (0.86 - r() * 0.12)).toFixed(0)}" width="${(w / n - 16).toFixed(0)}" height="${h}" rx="4" fill="${hsl(hue + 180, 35, 45)}" opacity="${i % 2 ? 0.35 : 0.55}"/>`,
    )
    .join('');
  const grid = [1, 2, 3, 4]
    .map((i) => `<line x1="0" x2="${w}" y1="${(h * i) / 5}" y2="${(h * i) / 5}" stroke="#fff" stroke-opacity="0.08"/>`)
    .join('');
  const [lx, ly] = pts[n];
  return svg(
    w,
    h,
    `<defs>${linear('g', [hsl(222, 35, 13), hsl(232, 38, 22)])}<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 85, 60)}" stop-opacity="0.55"/><stop offset="1" stop-color="${hsl(hue, 85, 60)}" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${grid}${bars}<path d="${line} L${w} ${h} L0 ${h} Z" fill="url(#f)"/><path d="${line}" fill="none" stroke="${hsl(hue, 90, 66)}" stroke-width="5" stroke-linejoin="round"/><circle cx="${lx - 6}" cy="${ly}" r="11" fill="${hsl(hue, 90, 70)}" stroke="#fff" stroke-width="4"/>`,
  );
}

const SCENES = { landscape, fields, waves, skyline, poster, chart } as const;
export type Scene = keyof typeof SCENES;
export const SCENE_NAMES = Object.keys(SCENES) as Scene[];

/** Scenes drawn small and enlarged: only soft shapes survive it without looking blurred. */
const SMALL_FIRST: ReadonlySet<Scene> = new Set(['fields']);

/** A picture of the scene as a JPEG of `w`×`h`. */
export async function scenePicture(key: string, scene: Scene, hue: number, w = 1200, h = 675): Promise<Buffer> {
  const r = randomOf(key);
  const scale = SMALL_FIRST.has(scene) ? 4 : 1;
  const drawn = SCENES[scene](r, hue, Math.round(w / scale), Math.round(h / scale));
  return sharp(Buffer.from(drawn)).resize(w, h).jpeg({ quality: 84 }).toBuffer();
}

const SKIN = ['#f3cfb3', '#eab995', '#dca47c', '#c98c66', '#f6d7c0', '#a9714f'];
const HAIR = ['#2a1c15', '#4b3122', '#6e4526', '#9c6537', '#d2ae76', '#1b1b1d', '#7d7d80', '#b3472d'];
const SHIRT = [210, 0, 150, 270, 30, 190, 340, 100];

/**
 * A person's portrait in the flat style of illustrated avatars: head and shoulders, hair, sometimes glasses or a
 * beard, on a soft ground of their colour. `long` hair for those who wear it so (the demo gives it by name).
 */
export async function portrait(key: string, hue: number, long: boolean, size = 400): Promise<Buffer> {
  const r = randomOf(`face:${key}`);
  const skin = pick(r, SKIN);
  const hair = pick(r, HAIR);
  const shirt = hsl(pick(r, SHIRT) + r() * 20, 45, between(r, 35, 60));
  const glasses = r() < 0.3;
  const beard = !long && r() < 0.35;
  const headW = between(r, 70, 80);
  const headH = between(r, 88, 96);
  const back = long
    ? `<path d="M${200 - headW - 22} 190 Q${200 - headW - 30} 330 ${200 - headW - 6} 350 L${200 + headW + 6} 350 Q${200 + headW + 30} 330 ${200 + headW + 22} 190 Q200 60 ${200 - headW - 22} 190Z" fill="${hair}"/>`
    : '';
  const top = long
    ? `<path d="M${200 - headW - 6} 200 Q${200 - headW} 82 200 88 Q${200 + headW} 82 ${200 + headW + 6} 200 Q${200 + headW - 10} 130 ${200 + between(r, -20, 30)} 120 Q${200 - headW + 20} 130 ${200 - headW - 6} 200Z" fill="${hair}"/>`
    : `<path d="M${200 - headW - 2} 180 Q${200 - headW - 6} 86 200 ${between(r, 84, 92)} Q${200 + headW + 6} 86 ${200 + headW + 2} 180 Q${200 + headW - 6} 130 ${200 + between(r, -10, 40)} ${between(r, 122, 134)} Q${200 - headW + 10} 128 ${200 - headW - 2} 180Z" fill="${hair}"/>`;
  const eyes = [172, 228]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="196" rx="6" ry="7" fill="#2b2320"/><path d="M${x - 14} 176 Q${x} 168 ${x + 14} 176" stroke="${hair}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
  const specs = glasses
    ? `<g fill="none" stroke="#2d2d33" stroke-width="4"><circle cx="172" cy="197" r="20"/><circle cx="228" cy="197" r="20"/><path d="M192 196 L208 196"/></g>`
    : '';
  const chin = beard
    ? `<path d="M${200 - headW + 8} 215 Q${200 - headW + 14} ${190 + headH} 200 ${192 + headH} Q${200 + headW - 14} ${190 + headH} ${200 + headW - 8} 215 Q200 250 ${200 - headW + 8} 215Z" fill="${hair}" opacity="0.92"/>`
    : '';
  const body =
    `<defs>${linear('bg', [hsl(hue, 55, 86), hsl(hue + 30, 50, 72)])}</defs><rect width="400" height="400" fill="url(#bg)"/>` +
    back +
    `<path d="M60 400 Q70 300 200 292 Q330 300 340 400Z" fill="${shirt}"/>` +
    `<path d="M176 250 L224 250 L228 305 Q200 322 172 305Z" fill="${skin}"/><path d="M176 282 Q200 300 224 282 L226 300 Q200 318 174 300Z" fill="#000" opacity="0.08"/>` +
    `<ellipse cx="${200 - headW + 2}" cy="205" rx="12" ry="18" fill="${skin}"/><ellipse cx="${200 + headW - 2}" cy="205" rx="12" ry="18" fill="${skin}"/>` +
    `<ellipse cx="200" cy="195" rx="${headW}" ry="${headH}" fill="${skin}"/>` +
    top +
    eyes +
    `<path d="M200 204 Q195 222 203 226" stroke="#000" stroke-opacity="0.18" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    chin +
    `<path d="M182 246 Q200 ${beard ? 254 : 260} 218 246" stroke="${beard ? '#f4e6e0' : '#9a4a43'}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="160" cy="228" rx="13" ry="8" fill="#e86b6b" opacity="0.14"/><ellipse cx="240" cy="228" rx="13" ry="8" fill="#e86b6b" opacity="0.14"/>` +
    specs;
  return sharp(Buffer.from(svg(400, 400, body)))
    .resize(size, size)
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** The white emblems of the demo communities, drawn on a 400×400 ground. */
const EMBLEMS: Record<string, string> = {
  chip: `<rect x="130" y="130" width="140" height="140" rx="18" fill="none" stroke="#fff" stroke-width="16"/><rect x="172" y="172" width="56" height="56" rx="6" fill="#fff"/><g stroke="#fff" stroke-width="12" stroke-linecap="round">${[
    160, 200, 240,
  ]
    .map((p) => `<path d="M${p} 92 V116 M${p} 284 V308 M92 ${p} H116 M284 ${p} H308"/>`)
    .join('')}</g>`,
  gamepad: `<path d="M120 170 Q130 135 170 140 H230 Q270 135 280 170 L300 250 Q305 285 275 285 Q255 285 240 255 H160 Q145 285 125 285 Q95 285 100 250Z" fill="#fff"/><path d="M150 185 V225 M130 205 H170" stroke="currentColor" stroke-width="13" stroke-linecap="round"/><circle cx="240" cy="192" r="10" fill="currentColor"/><circle cx="262" cy="218" r="10" fill="currentColor"/>`,
  growth: `<g fill="#fff"><rect x="110" y="230" width="44" height="70" rx="6"/><rect x="178" y="190" width="44" height="110" rx="6"/><rect x="246" y="140" width="44" height="160" rx="6"/></g><path d="M110 200 L170 150 L210 170 L290 100" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M255 96 L294 96 L294 135" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  film: `<rect x="100" y="170" width="200" height="130" rx="14" fill="#fff"/><path d="M100 150 L292 112 L300 140 L108 178Z" fill="#fff"/><g fill="currentColor"><path d="M140 142 L168 136 L150 168 L122 174Z"/><path d="M196 131 L224 125 L206 157 L178 163Z"/><path d="M252 120 L280 114 L262 146 L234 152Z"/></g><path d="M180 205 L235 235 L180 265Z" fill="currentColor"/>`,
  north: `<path d="M200 80 L232 200 L200 320 L168 200Z" fill="#fff"/><path d="M80 200 L200 172 L320 200 L200 228Z" fill="#fff" opacity="0.7"/><circle cx="200" cy="200" r="18" fill="currentColor"/>`,
  lock: `<path d="M150 190 V160 Q150 112 200 112 Q250 112 250 160 V190" fill="none" stroke="#fff" stroke-width="20"/><rect x="120" y="190" width="160" height="120" rx="16" fill="#fff"/><circle cx="200" cy="240" r="14" fill="currentColor"/><rect x="193" y="246" width="14" height="34" rx="6" fill="currentColor"/>`,
  bread: `<path d="M90 230 Q90 140 200 140 Q310 140 310 230 Q310 280 260 280 H140 Q90 280 90 230Z" fill="#fff"/><g stroke="currentColor" stroke-width="12" stroke-linecap="round"><path d="M150 175 L175 230"/><path d="M195 170 L220 230"/><path d="M240 175 L262 222"/></g>`,
};
export type Emblem = keyof typeof EMBLEMS;

/** A community's avatar: its emblem in white on a gradient of its colour. */
export async function emblemPicture(emblem: string, color: string, size = 400): Promise<Buffer> {
  const hue = hueOf(color);
  const body = `<defs>${linear('e', [color, hsl(hue + 25, 70, 38)], false)}</defs><rect width="400" height="400" fill="url(#e)"/><g color="${color}">${EMBLEMS[emblem] ?? ''}</g>`;
  return sharp(Buffer.from(svg(400, 400, body)))
    .resize(size, size)
    .png()
    .toBuffer();
}
