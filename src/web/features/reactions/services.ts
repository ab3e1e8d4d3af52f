/** What page loaders may ask the server about reactions; implemented in src/server/modules/{name}/page.ts. */
export interface ReactionsPageServices {}
