import type { audioListen } from '../../../shared/api/media.ts';
import { call } from '../../api/call.ts';
import { readCookie, setCookie } from '../../lib/cookies.ts';
import { createStore } from '../../lib/store.ts';
import { mountFloating } from './FloatingHost.tsx';

/**
 * The page's one audio player (spec/content.md §4, §9): a single `<audio>` element outside the page's tree, so it
 * keeps playing while the reader moves between pages, and a store every inline block and the floating player read.
 * States initial / playing / paused; switching the source puts the previous block back to initial (position 0,
 * rate 1); rewind and forward 15 s; the volume starts at 0.75 and is remembered for 365 days.
 */

export const SKIP_SECONDS = 15;
export const DEFAULT_VOLUME = 0.75;
const VOLUME_COOKIE = 'audio-volume';
const VOLUME_DAYS = 365;
export const RATES = [1, 1.25, 1.5, 2] as const;

export type AudioState = 'initial' | 'playing' | 'paused';

/** What a block hands the player: where the sound is and what to show of it while it plays elsewhere. */
export interface AudioSource {
  /** The block's identity on the page: `{entry id}:{hash}` (or its address when the block has no hash). */
  key: string;
  src: string;
  title: string;
  author?: string;
  cover?: string;
  /** The entry's address: the floating player links back to it. */
  entryUrl?: string;
  entryId?: number;
  hash?: string;
  duration?: number;
}

export interface PlayerState {
  source: AudioSource | null;
  state: AudioState;
  position: number;
  duration: number;
  rate: number;
  volume: number;
  /** The blocks whose inline player is in view (the floating one hides while the playing block's is). */
  visible: ReadonlySet<string>;
  /** The reader closed the floating player: it stays hidden until something plays again. */
  closed: boolean;
}

export const player = createStore<PlayerState>({
  source: null,
  state: 'initial',
  position: 0,
  duration: 0,
  rate: 1,
  volume: DEFAULT_VOLUME,
  visible: new Set(),
  closed: false,
});

const patch = (p: Partial<PlayerState>) => player.set({ ...player.get(), ...p });

/** The remembered volume, or 0.75. */
export function savedVolume(): number {
  const v = Number(readCookie(typeof document === 'undefined' ? '' : document.cookie, VOLUME_COOKIE));
  return Number.isFinite(v) && v >= 0 && v <= 1 && readCookie(document.cookie, VOLUME_COOKIE) !== null
    ? v
    : DEFAULT_VOLUME;
}

let element: HTMLAudioElement | null = null;
/** Blocks already counted as listened on this page load (one listen call per block and load). */
const listened = new Set<string>();

function audio(): HTMLAudioElement {
  if (element) return element;
  const el = new Audio();
  el.preload = 'metadata';
  el.volume = savedVolume();
  el.dataset.testid = 'audio-element';
  el.addEventListener('play', () => patch({ state: 'playing', closed: false }));
  el.addEventListener('pause', () => {
    if (player.get().state === 'playing') patch({ state: 'paused' });
  });
  el.addEventListener('ended', () => patch({ state: 'paused', position: el.duration || 0 }));
  el.addEventListener('timeupdate', () => patch({ position: el.currentTime }));
  el.addEventListener('durationchange', () => patch({ duration: Number.isFinite(el.duration) ? el.duration : 0 }));
  el.addEventListener('ratechange', () => patch({ rate: el.playbackRate }));
  el.addEventListener('volumechange', () => patch({ volume: el.volume }));
  // Kept in the page (hidden) so tests and the browser's media controls can find it.
  el.hidden = true;
  document.body.append(el);
  patch({ volume: el.volume });
  element = el;
  return el;
}

function countListen(s: AudioSource) {
  if (!s.entryId || !s.hash || listened.has(s.key)) return;
  listened.add(s.key);
  void call<typeof audioListen>('POST /audio/listen', { entry_id: s.entryId, hash: s.hash }).catch(() => {
    listened.delete(s.key);
  });
}

/** Plays a block: a new source resets the previous block (initial, position 0, rate 1) and starts from the top. */
export async function play(s: AudioSource): Promise<void> {
  const el = audio();
  const current = player.get().source;
  if (current?.key !== s.key) {
    el.pause();
    el.src = s.src;
    el.currentTime = 0;
    el.playbackRate = 1;
    el.defaultPlaybackRate = 1;
    patch({ source: s, state: 'initial', position: 0, rate: 1, duration: s.duration ?? 0, closed: false });
  }
  countListen(s);
  mountFloating();
  try {
    await el.play();
  } catch (e) {
    // Refused without a gesture (a deep link on a browser that blocks autoplay): the block waits for a press. A start
    // cut short by a pause (AbortError: the press came before the sound did) stays paused.
    if ((e as Error).name === 'NotAllowedError' && player.get().source?.key === s.key && el.paused)
      patch({ state: 'initial' });
  }
}

export function pause() {
  element?.pause();
}

export function toggle(s: AudioSource) {
  const p = player.get();
  if (p.source?.key === s.key && p.state === 'playing') pause();
  else void play(s);
}

/** Moves by `delta` seconds within the sound (rewind −15, forward +15). */
export function skip(delta: number) {
  const el = element;
  if (!el) return;
  const end = Number.isFinite(el.duration) ? el.duration : Infinity;
  el.currentTime = Math.min(end, Math.max(0, el.currentTime + delta));
  patch({ position: el.currentTime });
}

export function seek(seconds: number) {
  if (!element) return;
  element.currentTime = Math.max(0, seconds);
  patch({ position: element.currentTime });
}

/** The next of 1, 1.25, 1.5, 2 (back to 1 after 2). */
export function nextRate() {
  const el = element;
  if (!el) return;
  const i = RATES.indexOf(el.playbackRate as (typeof RATES)[number]);
  el.playbackRate = RATES[(i + 1) % RATES.length];
}

export function setVolume(v: number) {
  const volume = Math.min(1, Math.max(0, v));
  audio().volume = volume;
  setCookie(VOLUME_COOKIE, String(Math.round(volume * 100) / 100), VOLUME_DAYS);
}

/** The floating player's close: the sound pauses and the player hides until something plays again. */
export function closeFloating() {
  pause();
  patch({ closed: true });
}

/** An inline block reports whether it is in view. */
export function setVisible(key: string, isVisible: boolean) {
  const visible = new Set(player.get().visible);
  if (isVisible === visible.has(key)) return;
  if (isVisible) visible.add(key);
  else visible.delete(key);
  patch({ visible });
}

/** The floating player shows while something plays (or was paused there) and its inline block is out of view. */
export const floatingShown = (p: PlayerState) =>
  p.source !== null && p.state !== 'initial' && !p.closed && !p.visible.has(p.source.key);

/** The state a block shows: its own when it is the source, initial otherwise. */
export const stateOf = (p: PlayerState, key: string): AudioState => (p.source?.key === key ? p.state : 'initial');
