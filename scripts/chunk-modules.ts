import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build lists the source modules of each of its scripts (the front-end budget test reads it). */
export const CHUNK_MODULES = path.join('build', 'chunk-modules.json');

/**
 * Writes `build/chunk-modules.json`: for every script of the client build, the project's source files bundled in it
 * (paths from the repository root; packages left out). It lets a test tell which features a page downloaded,
 * whatever names the bundler gives its chunks. Kept outside `build/client`, so it is never served.
 */
export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'sreda-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const list: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        list[chunk.fileName] = chunk.moduleIds
          .filter((id) => id.startsWith(root))
          .map((id) => path.relative(root, id.split('?')[0]));
      }
      fs.mkdirSync(path.join(root, 'build'), { recursive: true });
      fs.writeFileSync(path.join(root, CHUNK_MODULES), JSON.stringify(list, null, 1));
    },
  };
}
