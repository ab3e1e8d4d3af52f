/**
 * The page's videos (spec/content.md §4): which are in view and how much, which plays. A video that starts by a
 * press pauses the others; among videos set to play when visible, those marked autoplay-if-most-visible yield to
 * the most visible of them, so exactly one plays.
 */
export interface PageVideo {
  /** Plays when visible (play mode `visible`, not on a touch device). */
  autoplay: boolean;
  mostVisible: boolean;
  /** How much of it is in view, 0…1. */
  ratio: number;
  playing: () => boolean;
  play: () => void;
  pause: () => void;
}

const videos = new Set<PageVideo>();

export function register(v: PageVideo): () => void {
  videos.add(v);
  return () => {
    videos.delete(v);
  };
}

/** A video started by the reader: every other playing video pauses (an iframe one is removed). */
export function startedByHand(v: PageVideo) {
  for (const other of videos) if (other !== v && other.playing()) other.pause();
}

/** After a visibility change: autoplay videos in view play, out of view pause; only the most visible of the 'most' ones. */
export function arrange() {
  const candidates = [...videos].filter((v) => v.autoplay && v.mostVisible && v.ratio > 0);
  const best = candidates.reduce<PageVideo | null>((b, v) => (!b || v.ratio > b.ratio ? v : b), null);
  for (const v of videos) {
    if (!v.autoplay) continue;
    const should = v.ratio > 0 && (!v.mostVisible || v === best);
    if (should && !v.playing()) v.play();
    else if (!should && v.playing()) v.pause();
  }
}

/** Touch screens always get play by press (§5). */
export const isTouch = () => typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches;
