import { z } from 'zod';
import { contract } from './contract.ts';

/** Probes and the API's own description: for load balancers, process managers and generated clients. */

/** Liveness: the process answers and reaches its database. */
export const health = contract({
  method: 'GET',
  path: '/health',
  access: 'anyone',
  response: z.object({ status: z.literal('ok') }),
});

/**
 * A read replica as this process sees it (DATABASE_REPLICA_URLS): `lagging` past the bound and `down` are skipped;
 * the lag in milliseconds and in bytes of WAL behind the primary (null while down).
 */
const replicaState = z.object({
  name: z.string(),
  state: z.enum(['ok', 'lagging', 'down']),
  lagMs: z.number().nullable(),
  lagBytes: z.number().nullable(),
});

/**
 * Readiness: 503 (`database_unavailable`, the same state in `data`) only when the database (the primary) is down;
 * replicas down or lagging only send their reads to the primary.
 */
export const ready = contract({
  method: 'GET',
  path: '/health/ready',
  access: 'anyone',
  response: z.object({
    database: z.enum(['ok', 'down']),
    redis: z.enum(['ok', 'down', 'off']),
    replicas: z.array(replicaState),
  }),
  errors: ['database_unavailable'],
});

/** This document: OpenAPI 3.1 of every route, made from the contracts. */
export const openApi = contract({
  method: 'GET',
  path: '/openapi.json',
  access: 'anyone',
  raw: { type: 'application/json', description: 'the OpenAPI 3.1 document of the API' },
});

/**
 * The node's Prometheus metrics in the text format, when METRICS_TOKEN is set (and METRICS_PORT is not): the token
 * comes as `Authorization: Bearer …`; a missing or wrong one is a 401 (`metrics_token`). Absent (404) otherwise.
 */
export const metrics = contract({
  method: 'GET',
  path: '/metrics',
  access: 'anyone',
  raw: { type: 'text/plain', description: 'Prometheus text format 0.0.4' },
  errors: ['metrics_token'],
});
