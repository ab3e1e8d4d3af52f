import { keepWithBlocks } from '../entries/index.ts';
import { defineModule } from '../manifest.ts';
import { quizRoutes } from './routes.ts';
import { keepQuizzes } from './service.ts';

/** Quizzes: the calls, and the entries' save keeping its quiz blocks here (in its transaction) from the app's start. */
export default defineModule({
  name: 'quiz',
  routes: quizRoutes,
  start: (app) => keepWithBlocks(app.ctx, keepQuizzes),
});
