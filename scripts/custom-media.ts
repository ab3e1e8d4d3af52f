import type { AtRule, Plugin } from 'postcss';
import { BREAKPOINTS, VIEWPORT_CLASSES } from '../src/shared/viewport.ts';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The custom media the stylesheets may name, from the one list of widths (src/shared/viewport.ts): `--mobile` and
 * `--desktop` are the two viewport classes; every breakpoint gives `--below-{name}` (narrower than it) and
 * `--from-{name}` (it and wider): `--below-feed` is `(max-width: 639px)`, `--from-two-columns-adaptive`
 * `(min-width: 1000px)`.
 */
export const CUSTOM_MEDIA: Readonly<Record<string, string>> = Object.fromEntries([
  ['--mobile', `(max-width: ${VIEWPORT_CLASSES.mobile[1]}px)`],
  ['--desktop', `(min-width: ${VIEWPORT_CLASSES.desktop[0]}px)`],
  ...Object.entries(BREAKPOINTS).flatMap(([name, px]) => [
    [`--below-${kebab(name)}`, `(max-width: ${px - 1}px)`],
    [`--from-${kebab(name)}`, `(min-width: ${px}px)`],
  ]),
]);

/** A media query with its custom media replaced; a name the list does not have throws (a typo fails the build). */
export function expandCustomMedia(query: string, where = 'stylesheet'): string {
  return query.replace(/\((--[a-z0-9-]+)\)/g, (_m: string, name: string) => {
    const value = CUSTOM_MEDIA[name];
    if (!value) throw new Error(`${where}: unknown custom media ${name}`);
    return value;
  });
}

/** The build's step for it (vite.config.ts): after the stylesheets' `@import`s are inlined, every `@media` rule. */
export function customMedia(): Plugin {
  return {
    postcssPlugin: 'sreda-custom-media',
    AtRule: {
      media(rule: AtRule) {
        if (rule.params.includes('(--')) rule.params = expandCustomMedia(rule.params, rule.source?.input.file);
      },
    },
  };
}
customMedia.postcss = true as const;
