import { a11ySuite } from './a11y.ts';

/**
 * `npm test`'s accessibility check: one page of each kind (feed, subsite, entry, editor, form, messenger, admin, error)
 * at both widths, the phone width also checked for sideways scrolling and clipped controls. The full walks are the
 * `walks` project (`npm run test:walks`), which CI runs too.
 */
const LAYOUTS = ['home', 'blog', 'entry', 'writing', 'settings', 'messenger', 'admin-users', '404'];

a11ySuite([1280, 375], LAYOUTS);
