import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

/**
 * Whose work a log line belongs to: the request (`reqId`) or the job (`jobId`, `job`, `attempt`) the code runs for.
 * Fastify's request logger (`req.log`) carries `reqId` already; services log through the app's logger (`ctx.log`),
 * which knows no request. The app's logger adds the bindings kept here (`logMixin`) to every line written while
 * a request or a job runs, wherever it is written from: services, listeners of the request's events, job handlers.
 */
export type LogBindings = Readonly<Record<string, string | number>>;

const store = new AsyncLocalStorage<LogBindings>();

/** Runs `fn` (and whatever it starts) with these bindings on every line of the app's logger. */
export const withLogContext = <T>(bindings: LogBindings, fn: () => T): T => store.run(bindings, fn);

/** The bindings of the work running now (tests). */
export const logContext = (): LogBindings | undefined => store.getStore();

/**
 * pino's `mixin`: the running work's bindings, except on a logger that has them already (a request's child logger
 * binds `reqId`: the key must not appear twice in one line).
 */
export function logMixin(_obj: object, _level: number, logger?: object): object {
  const bindings = store.getStore();
  if (!bindings) return {};
  if (logger && 'reqId' in bindings && chindingsOf(logger).includes('"reqId"')) return {};
  return bindings;
}

/** pino keeps a logger's bindings as JSON text under a symbol of its own (not exported by fastify): found once. */
let chindings: symbol | undefined;
function chindingsOf(logger: object): string {
  chindings ??= Object.getOwnPropertySymbols(logger).find((s) => s.description === 'pino.chindings');
  const text = chindings ? (logger as Record<symbol, unknown>)[chindings] : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * A request's bindings through Fastify's hooks: set in the first `onRequest`, and carried over the body's reading
 * (its stream events come from the connection, outside the request's async context) by rebinding in `preValidation`.
 */
const RESOURCE = Symbol('logContext');
type Carrier = { [RESOURCE]?: AsyncResource; id: string };

export function enterRequest(req: Carrier, done: () => void) {
  store.run({ reqId: req.id }, () => {
    req[RESOURCE] = new AsyncResource('sreda.request');
    done();
  });
}

export function resumeRequest(req: Carrier, done: () => void) {
  const resource = req[RESOURCE];
  if (resource) resource.runInAsyncScope(done);
  else done();
}
