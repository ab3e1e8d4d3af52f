/**
 * The site's colours outside its pages: the browser's bar (`<meta name="theme-color">`) and the installed app's
 * (the web manifest's `theme_color`) are one, the accent (`--accent` in src/web/styles.css); the background is the
 * page's (`--bg`), shown while the installed app starts.
 */
export const THEME_COLOR = '#2f6ff5';
export const BACKGROUND_COLOR = '#f2f3f5';
