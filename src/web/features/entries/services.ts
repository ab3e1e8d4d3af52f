/** What page loaders may ask the server about entries; implemented in src/server/modules/{name}/page.ts. */
export interface EntriesPageServices {}
