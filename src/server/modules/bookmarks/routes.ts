import type { FastifyInstance } from 'fastify';

export async function bookmarksRoutes(app: FastifyInstance) {
  void app;
}
