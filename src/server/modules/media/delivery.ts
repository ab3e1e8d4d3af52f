import type { FastifyReply, FastifyRequest } from 'fastify';

/** How a stored file is answered: cached for good, revalidated by ETag, sent in byte ranges. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether `If-None-Match` names this ETag (or `*`). */
export const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/** One `bytes=a-b` range (video players seek with them; Safari plays mp4 only when ranges work). */
export function sendRange(req: FastifyRequest, reply: FastifyReply, data: Buffer) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? '').trim());
  if (!m || (!m[1] && !m[2])) return reply.send(data);
  const size = data.length;
  const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
  const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(data.subarray(start, end + 1));
}
