import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** Pages of spec/content.md §2. A feed file serves every feed path, told apart by the route id. */
export default [
  index('routes/feed.tsx', { id: 'feed-main' }),
  route('all', 'routes/feed.tsx', { id: 'feed-all' }),
  route('popular', 'routes/feed.tsx', { id: 'feed-popular' }),
  route('new', 'routes/feed.tsx', { id: 'feed-new' }),
  route('all/new', 'routes/feed.tsx', { id: 'feed-all-new' }),
  route('my/new', 'routes/feed.tsx', { id: 'feed-my-new' }),
  route('top/:period', 'routes/feed.tsx', { id: 'feed-top' }),
  route('all/top/:period', 'routes/feed.tsx', { id: 'feed-all-top' }),
  route('u/:user', 'routes/subsite.tsx', { id: 'subsite-user' }),
  route('s/:slug', 'routes/subsite.tsx', { id: 'subsite-community' }),
  route('u/:user/:entry', 'routes/entry.tsx', { id: 'entry-user' }),
  route('s/:slug/:entry', 'routes/entry.tsx', { id: 'entry-community' }),
  route('writing', 'routes/writing.tsx', { id: 'writing-new' }),
  route('writing/:id', 'routes/writing.tsx', { id: 'writing-edit' }),
  route('writing/:id/history', 'routes/writing.history.tsx'),
  route('writing/:id/history/:historyId', 'routes/writing.history.apply.tsx'),
  route('drafts', 'routes/drafts.tsx'),
  route('bookmarks', 'routes/bookmarks.tsx'),
  route('notifications', 'routes/notifications.tsx'),
  route('settings', 'routes/settings.tsx'),
  route('email/unsubscribe/:token', 'routes/email.unsubscribe.tsx'),
  route('email/confirm/:token', 'routes/email.confirm.tsx'),
  route('live', 'routes/live.tsx'),
  route('auth/simple/recover', 'routes/recover.tsx'),
  route('admin/outbox', 'routes/admin.outbox.tsx'),
  route('admin/ui', 'routes/admin.ui.tsx'),
  // `/{contentId}?comment={commentId}&mode=edit` (spec/content.md §2): redirects to the entry.
  route(':contentId', 'routes/content-link.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
