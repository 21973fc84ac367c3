import { escapeHtml } from './html-escape.js';

describe('escapeHtml', () => {
  it('writes the five special characters as character references', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  it('leaves Hebrew and other text as it is', () => {
    expect(escapeHtml('קפה הפינה · ₪12.50')).toBe('קפה הפינה · ₪12.50');
  });
});
