import type { ReactNode } from 'react';
import { escapeHtml } from '../../shared/html.ts';

/** The code another site pastes to show one of our widgets: an iframe of `src`, borderless, loaded lazily. */
export function iframeSnippet(src: string, title: string, size: { width: number; height: number }): string {
  return (
    `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="${size.width}" height="${size.height}" ` +
    `style="border:0" loading="lazy"></iframe>`
  );
}

/**
 * A settings section with a widget's embed code, selected on focus (`widget-embed-code`); `children` go between the
 * lead and the code (the board widgets' town picker).
 */
export function EmbedCode(p: {
  testId: string;
  title: string;
  lead: string;
  label: string;
  code: string;
  children?: ReactNode;
}) {
  return (
    <section className="settings-section" data-testid={p.testId}>
      <h2>{p.title}</h2>
      <p className="settings-hint">{p.lead}</p>
      {p.children}
      <label className="account-field">
        <span className="account-field__label">{p.label}</span>
        <textarea
          readOnly
          rows={4}
          value={p.code}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="widget-embed-code"
        />
      </label>
    </section>
  );
}
