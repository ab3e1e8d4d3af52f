import { defineModule } from '../manifest.ts';
import { extractRoutes } from './routes.ts';

/** A link's card and reader view. */
export default defineModule({ name: 'extract', routes: extractRoutes });
