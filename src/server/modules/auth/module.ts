import { defineModule } from '../manifest.ts';
import { authRootRoutes, authRoutes } from './routes.ts';

/** Sessions, passwords and the account calls of the spec; its root aliases outside `/v3.0`. */
export default defineModule({ name: 'auth', routes: authRoutes, rootRoutes: authRootRoutes });
