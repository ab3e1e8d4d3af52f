import { a11ySuite } from './a11y.ts';

a11ySuite([375]);
