import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { idField } from '../validation.ts';
import { contract } from './contract.ts';

export { BLOG_WIDGET_STEP, blogWidgetPath } from '../blog-widget.ts';

/**
 * The blog widget other sites frame (issue 32 point 7; spec/content.md «GET {load-more url}/{last id} -> result html
 * (blog widget)»), at the site root: a blog's page of its newest published entries, the next ones by the last id
 * shown, and the page's own script. Cookies are neither read nor set.
 */

const blog = z.object({ id: idField(messages.blogWidgetIdInvalid) });

/** The widget's page: a private or missing blog is a Russian 404 page (the frame shows it). */
export const page = contract({
  method: 'GET',
  path: '/widget/blog/:id',
  access: 'anyone',
  params: blog,
  raw: {
    type: 'text/html',
    description:
      'A page other sites frame (frame-ancestors *, scripts of this origin only): the newest published entries of a public blog',
  },
  errors: ['blog_widget_not_found'],
});

/**
 * The next entries after `last_id` (entries are listed by id, newest first; any id is a place to go on from, even
 * another blog's) as the widget's HTML, `last_id` of the last one and whether the blog has no more.
 */
export const more = contract({
  method: 'GET',
  path: '/widget/blog/:id/more/:last_id',
  access: 'anyone',
  params: blog.extend({ last_id: idField(messages.blogWidgetCursorInvalid) }),
  response: z.object({ html: z.string(), last_id: z.number().int(), is_finished: z.boolean() }),
  errors: ['blog_widget_not_found'],
});

/** The widget's script: the «Показать ещё» button (no inline scripts: the page's policy allows this origin's files). */
export const script = contract({
  method: 'GET',
  path: '/widget/blog.js',
  access: 'anyone',
  raw: { type: 'text/javascript; charset=utf-8', description: 'The blog widget’s «Показать ещё» button' },
});
