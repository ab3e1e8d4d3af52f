import { defineModule } from '../manifest.ts';

/** People and their roles: a library of the others (no routes of its own). */
export default defineModule({ name: 'users' });
