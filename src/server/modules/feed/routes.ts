import type { FastifyInstance } from 'fastify';

export async function feedRoutes(app: FastifyInstance) {
  void app;
}
