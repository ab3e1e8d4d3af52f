import { messages } from '../../../shared/catalogue.ts';
import {
  isWidthBucket,
  MEDIA_FORMATS,
  MEDIA_SIDE_MAX,
  nearestWidthBucket,
  type MediaFormat,
} from '../../../shared/media.ts';
import { badRequest, badRequestOf } from '../../lib/errors.ts';

/** What a delivery URL asks for, after `{uuid}/`: at most one geometry and one format. */
export interface Filter {
  geometry?: { kind: 'resize'; width: number } | { kind: 'crop'; width: number; height: number };
  format?: MediaFormat;
}

const side = (s: string): number => {
  const n = /^\d{1,5}$/.test(s) ? Number(s) : NaN;
  if (!(n >= 1 && n <= MEDIA_SIDE_MAX)) throw badRequestOf('mediaSideInvalid', MEDIA_SIDE_MAX);
  return n;
};

const bucketWidth = (s: string): number => {
  const width = side(s);
  // Only the §9 buckets: any other width would grow the store with near-duplicates.
  if (!isWidthBucket(width)) throw badRequestOf('mediaWidthNotBucket', width, nearestWidthBucket(width));
  return width;
};

/**
 * `-/scale_crop/640x360/-/format/webp/` → {geometry: crop 640x360, format: webp}. Segments come in threes
 * ('-', operation, argument); anything else, or an operation twice, is refused with rc 400.
 */
export function parseFilter(path: string): Filter {
  const parts = path.split('/').filter(Boolean);
  const filter: Filter = {};
  if (parts.length % 3 !== 0) throw badRequest(messages.mediaFilterInvalid);
  for (let i = 0; i < parts.length; i += 3) {
    const [dash, op, arg] = parts.slice(i, i + 3);
    if (dash !== '-') throw badRequest(messages.mediaFilterInvalid);
    if (op === 'resize' || op === 'scale_crop') {
      if (filter.geometry) throw badRequest(messages.mediaFilterRepeated);
      const m = (op === 'resize' ? /^(\d+)x?$/ : /^(\d+)x(\d+)$/).exec(arg);
      if (!m) throw badRequest(messages.mediaFilterInvalid);
      filter.geometry =
        op === 'resize'
          ? { kind: 'resize', width: bucketWidth(m[1]) }
          : { kind: 'crop', width: bucketWidth(m[1]), height: side(m[2]) };
    } else if (op === 'format') {
      if (filter.format) throw badRequest(messages.mediaFilterRepeated);
      if (!(MEDIA_FORMATS as readonly string[]).includes(arg)) throw badRequest(messages.mediaFilterInvalid);
      filter.format = arg as MediaFormat;
    } else {
      throw badRequest(messages.mediaFilterInvalid);
    }
  }
  return filter;
}

/** The stored name of a derivative, one per distinct request: `resize_700.webp`, `scale_crop_640x360.jpg`. */
export function filterKey(filter: Filter, originalType: string): string {
  const g = filter.geometry;
  const geometry = !g ? 'full' : g.kind === 'resize' ? `resize_${g.width}` : `scale_crop_${g.width}x${g.height}`;
  return `${geometry}.${filter.format ?? originalType}`;
}
