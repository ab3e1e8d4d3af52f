import { logMixin } from './log-context.ts';

/**
 * The process log (pino through Fastify): every line passes `redactSecrets` on its way out, whatever its level and
 * whoever wrote it (request lines, services, jobs, errors), so a token never reaches the log: query parameters that
 * carry one (`?token=`, `access_token`, `key`…), Authorization / Cookie / X-Device-Token header values, `Bearer …`.
 */
const CENSOR = '[Redacted]';

/** Query parameters whose values are secrets (case-insensitive), wherever a URL appears in a line. */
const SECRET_PARAMS =
  'token|access_token|refresh_token|id_token|device_token|api_key|apikey|key|secret|client_secret|password|code|state|signature|sig|session';
const PARAM_RE = new RegExp(`([?&;](?:${SECRET_PARAMS})=)[^&#"\\s\\\\]*`, 'gi');
/** Header values that are credentials, as JSON keys of a logged object (a string or a list of strings). */
const HEADER_RE =
  /("(?:authorization|proxy-authorization|cookie|set-cookie|x-device-token)":)(?:"(?:[^"\\]|\\.)*"|\[(?:"(?:[^"\\]|\\.)*",?)*\])/gi;
const BEARER_RE = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

export function redactSecrets(line: string): string {
  return line.replace(PARAM_RE, `$1${CENSOR}`).replace(HEADER_RE, `$1"${CENSOR}"`).replace(BEARER_RE, `$1 ${CENSOR}`);
}

/**
 * Fastify's logger options: the level, a destination that redacts each line before it is written, and the running
 * request's or job's ids on every line (lib/log-context.ts).
 */
export function loggerOptions(level: string, destination: { write(line: string): unknown } = process.stdout) {
  return { level, mixin: logMixin, stream: { write: (line: string) => destination.write(redactSecrets(line)) } };
}
