/** What page loaders may ask the server about feed; implemented in src/server/modules/{name}/page.ts. */
export interface FeedPageServices {}
