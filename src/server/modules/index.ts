import type { ModuleManifest } from './manifest.ts';
import auth from './auth/module.ts';
import subsites from './subsites/module.ts';
import mail from './mail/module.ts';
import entries from './entries/module.ts';
import feed from './feed/module.ts';
import comments from './comments/module.ts';
import messenger from './messenger/module.ts';
import votes from './votes/module.ts';
import bookmarks from './bookmarks/module.ts';
import hits from './hits/module.ts';
import media from './media/module.ts';
import extract from './extract/module.ts';
import search from './search/module.ts';
import history from './history/module.ts';
import hashtags from './hashtags/module.ts';
import discovery from './discovery/module.ts';
import realtime from './realtime/module.ts';
import notifications from './notifications/module.ts';
import accounts from './accounts/module.ts';
import moderation from './moderation/module.ts';
import complaints from './complaints/module.ts';
import site from './site/module.ts';
import signin from './signin/module.ts';
import billing from './billing/module.ts';
import payments from './payments/module.ts';
import users from './users/module.ts';
import captcha from './captcha/module.ts';
import restrictions from './restrictions/module.ts';
import push from './push/module.ts';
import vacancies from './vacancies/module.ts';
import events from './events/module.ts';
import reposts from './reposts/module.ts';
import quiz from './quiz/module.ts';
import distributions from './distributions/module.ts';
import pages from './pages/module.ts';
import backup from './backup/module.ts';
import livestreams from './livestreams/module.ts';

/**
 * The module map: every folder of src/server/modules, each by its manifest (module.ts, manifest.ts says what one
 * declares). The app registers their routes and page services and starts them in this order (http/app.ts); roles.ts
 * subscribes their listeners; the job table (jobs/handlers.ts) and the schedule (schedule.ts) are made of theirs.
 */
export const MODULES: readonly ModuleManifest[] = [
  auth,
  subsites,
  mail,
  entries,
  feed,
  comments,
  messenger,
  votes,
  bookmarks,
  hits,
  media,
  extract,
  search,
  history,
  hashtags,
  discovery,
  realtime,
  notifications,
  accounts,
  moderation,
  complaints,
  site,
  signin,
  billing,
  payments,
  users,
  captcha,
  restrictions,
  push,
  vacancies,
  events,
  reposts,
  quiz,
  distributions,
  pages,
  backup,
  livestreams,
];
