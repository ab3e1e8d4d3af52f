import type { Block } from '../../../shared/blocks.ts';
import { pageTemplates, templateNotice, type PageTemplate } from '../../../shared/catalogue/pages-templates.ts';
import type { StaticSlug } from '../../../shared/static-pages.ts';
import { escapeHtml } from '../../../shared/html.ts';
import type { PageContent } from './queries.ts';

/** A template as the editor's blocks: the notice to adapt it, the lead, then a header and a list per section. */
function blocksOf(t: PageTemplate): Block[] {
  return [
    { type: 'warning', data: { title: templateNotice.title, text: escapeHtml(templateNotice.text) } },
    { type: 'text', data: { text: escapeHtml(t.lead) } },
    ...t.sections.flatMap((s): Block[] => [
      { type: 'header', data: { text: s.title, level: 2 } },
      { type: 'list', data: { style: 'unordered', items: s.items.map(escapeHtml) } },
    ]),
  ];
}

export const templateOf = (slug: StaticSlug): PageContent => {
  const t = pageTemplates[slug];
  return { title: t.title, description: t.description, blocks: blocksOf(t) };
};
