import type { FastifyInstance } from 'fastify';

export async function commentsRoutes(app: FastifyInstance) {
  void app;
}
