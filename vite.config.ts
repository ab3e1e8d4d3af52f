import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/chunk-modules.ts';
import { customMedia } from './scripts/custom-media.ts';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompress(), chunkModules()],
  // `@media (--mobile)`: the layout's widths from the one list the scripts use too (src/shared/viewport.ts).
  css: { postcss: { plugins: [customMedia()] } },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // The build's own timing report (PLUGIN_TIMINGS) reads like a warning on every first start; real warnings and
      // errors still show.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, react-dom's client, the router, the shell and everything root.tsx imports) as
            // one script instead of ~40 small shared chunks (gzip of the whole is ~1 KB under the sum of its parts'); code
            // behind a dynamic import stays out of it.
            {
              name: 'shell',
              test: /[\\/]src[\\/]web[\\/]root\.tsx$|[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
              includeDependenciesRecursively: true,
            },
            // What an entry shows in the feed and on its own page (its blocks, the footer with votes and bookmarks): one
            // script for both routes instead of a dozen small ones.
            {
              name: 'content',
              test: /[\\/]src[\\/]web[\\/]features[\\/](entries[\\/]Blocks|reactions[\\/]EntryFooter)\.tsx$/,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
});
