import type { FastifyInstance } from 'fastify';

export async function hitsRoutes(app: FastifyInstance) {
  void app;
}
