import { defineModule } from '../manifest.ts';
import { hashtagsRoutes } from './routes.ts';

/** Hashtags and their feeds. */
export default defineModule({ name: 'hashtags', routes: hashtagsRoutes });
