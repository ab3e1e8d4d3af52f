import type { FastifyRequest } from 'fastify';
import { fingerprintHeaders } from '../../shared/api/quiz.ts';
import { DEVICE_FINGERPRINT_HEADER } from '../../shared/quiz.ts';
import { parse } from '../lib/errors.ts';

/**
 * The browser's fingerprint header (`X-Device-Fingerprint`, spec/foundation.md §9: 40 alphanumerics, 30 days), checked:
 * null when absent, a Russian 400 when malformed. The quiz keeps it with a vote; analytics counts unique readers by it.
 */
export const deviceFingerprint = (req: FastifyRequest): string | null =>
  parse(fingerprintHeaders, { [DEVICE_FINGERPRINT_HEADER]: req.headers[DEVICE_FINGERPRINT_HEADER] })[
    DEVICE_FINGERPRINT_HEADER
  ] ?? null;
