import { defineModule, HOUR_MS } from '../manifest.ts';
import { signinRootRoutes, signinRoutes } from './routes.ts';
import { cleanUp } from './service.ts';

/** Ways of signing in: codes, links, QR, passkeys and providers (their callbacks at the root). */
export default defineModule({
  name: 'signin',
  routes: signinRoutes,
  rootRoutes: signinRootRoutes,
  tasks: [
    /** Sign-in codes, links, states and challenges a day past their expiry (service.ts). */
    { name: 'signin.cleanup', everyMs: HOUR_MS, scope: 'cluster', run: cleanUp },
  ],
});
