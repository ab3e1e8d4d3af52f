/** The blog widget other sites frame (contracts: `api/blog-widget.ts`; server: `modules/feed/widget.ts`). */

/** How many entries a page of the widget shows. */
export const BLOG_WIDGET_STEP = 5;

/** The widget's address on this site (the embed code's frame); the load-more asks `{it}/more/{last id}`. */
export const blogWidgetPath = (id: number) => `/widget/blog/${id}`;
