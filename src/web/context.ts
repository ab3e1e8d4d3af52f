import { createContext } from 'react-router';
import type { AppContextValue } from '../shared/pages/index.ts';

export type { AppContextValue, PageServices } from '../shared/pages/index.ts';

/**
 * What the server hands to page loaders: the signed-in user and read-only page services
 * (interfaces in src/shared/pages, implementations in src/server/modules/{name}/page.ts).
 */
export const appContext = createContext<AppContextValue>();
