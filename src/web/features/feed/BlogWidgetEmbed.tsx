import { blogWidgetPath } from '../../../shared/blog-widget.ts';
import { blogWidgetUi } from '../../../shared/catalogue/blog-widget.ts';
import { EmbedCode, iframeSnippet } from '../../ui/EmbedCode.tsx';

/** The frame's size in the snippet: five entries with their pictures, the button below. */
const FRAME = { width: 360, height: 560 };

/** The code another site pastes to show a blog's widget (`/widget/blog/{id}`): an iframe. */
export const blogWidgetSnippet = (publicUrl: string, blog: { id: number; name: string }) =>
  iframeSnippet(`${publicUrl}${blogWidgetPath(blog.id)}`, blogWidgetUi.embedFrameTitle(blog.name), FRAME);

/** A blog's settings (a person's, a community's, a company's): the blog widget's code (`widget-embed-blog`). */
export function BlogWidgetEmbed({ publicUrl, blog }: { publicUrl: string; blog: { id: number; name: string } }) {
  return (
    <EmbedCode
      testId="widget-embed-blog"
      title={blogWidgetUi.embedTitle}
      lead={blogWidgetUi.embedLead}
      label={blogWidgetUi.embedCode}
      code={blogWidgetSnippet(publicUrl, blog)}
    />
  );
}
