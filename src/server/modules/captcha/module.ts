import { defineModule } from '../manifest.ts';

/** The challenge other modules' writes ask for: a library of theirs (no routes of its own). */
export default defineModule({ name: 'captcha' });
