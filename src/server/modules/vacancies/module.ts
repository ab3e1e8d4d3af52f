import { defineModule, HOUR_MS } from '../manifest.ts';
import { vacanciesPage } from './page.ts';
import { vacanciesRootRoutes, vacanciesRoutes } from './routes.ts';
import * as vacancies from './service.ts';

/**
 * Vacancies at /job (issue 29): posting with staff moderation, the towns' lookup and the reader's town, the job
 * widget; the hourly task writes to authors before their vacancies end and takes off those that ended.
 */
export default defineModule({
  name: 'vacancies',
  routes: vacanciesRoutes,
  rootRoutes: vacanciesRootRoutes,
  pages: { vacancies: { services: vacanciesPage } },
  tasks: [{ name: 'vacancies.expire', everyMs: HOUR_MS, scope: 'cluster', atStart: true, run: vacancies.expire }],
});
