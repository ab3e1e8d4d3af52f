import { z } from 'zod';

/**
 * Fields of answers as they travel: a handler may hand a `Date` (a row's timestamp), the wire carries its ISO text,
 * and the caller reads a string.
 */
export const dateAnswer = z.union([z.date(), z.string()]).transform((d) => (d instanceof Date ? d.toISOString() : d));
