/** What page loaders may ask the server about comments; implemented in src/server/modules/{name}/page.ts. */
export interface CommentsPageServices {}
