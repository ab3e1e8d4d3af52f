import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('turns markup and both quotes into text', () => {
    expect(escapeHtml(`<a href="x" title='y'>Том & Джерри</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Том &amp; Джерри&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once and leaves plain text alone', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('Привет, мир 100%')).toBe('Привет, мир 100%');
  });
});
