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

/** Readiness: 503 (`database_unavailable`, the same state in `data`) only when the database is down. */
export const ready = contract({
  method: 'GET',
  path: '/health/ready',
  access: 'anyone',
  response: z.object({ database: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down', 'off']) }),
  errors: ['database_unavailable'],
});

/** This document: OpenAPI 3.1 of every route, made from the contracts. */
export const openApi = contract({
  method: 'GET',
  path: '/openapi.json',
  access: 'anyone',
  raw: { type: 'application/json', description: 'the OpenAPI 3.1 document of the API' },
});
