import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('auth/simple/recover', 'routes/recover.tsx'),
  route('admin/outbox', 'routes/admin.outbox.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
