import { defineModule } from '../manifest.ts';
import { siteRoutes } from './routes.ts';

/** The site's own files at its root (robots.txt, the manifest, icons). */
export default defineModule({ name: 'site', rootRoutes: siteRoutes });
