import { defineModule } from '../manifest.ts';
import { complaintsRoutes } from './routes.ts';

/** Complaints and misprint reports (their queues are read on the moderation page). */
export default defineModule({ name: 'complaints', routes: complaintsRoutes });
