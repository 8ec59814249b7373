import DOMPurify from 'dompurify';

/** A public picture of our own (staff's uploads): the only images news may show. */
const OWN_IMAGE = /^\/api\/common\/image\/[A-Za-z0-9_-]{24}$/;

/**
 * The browser's own allowlist for news HTML, as strict as the server's: text, headings, lists,
 * quotes, tables, links and our own pictures. No script, style, frame, form, SVG or MathML, no
 * event handler or inline style, and links only to http(s), mailto or our own paths.
 */
const CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
    'blockquote', 'pre', 'code', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan'],
  // Not `//host` nor `/\host`, which browsers read as another host.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?![/\\]))/i,
  // Sizes and spans are no links: DOMPurify would test them against the pattern above and drop them.
  ADD_URI_SAFE_ATTR: ['width', 'height', 'colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Drop the contents of what is removed, not only the tags.
  KEEP_CONTENT: true,
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes'],
};

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  // Links open in a new tab that cannot reach back to this one.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // Pictures from anywhere else would tell a third party who reads the news.
  if (node.tagName === 'IMG' && !OWN_IMAGE.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
  // For those who cannot see them: a picture staff left without words is decoration, and a link
  // with nothing to read (only such a picture) is named by where it goes.
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName === 'A' && node.hasAttribute('href') && !node.hasAttribute('title') && !hasWords(node)) node.setAttribute('title', destination(node.getAttribute('href')!));
});

const hasWords = (link: Element) => link.textContent!.trim() !== '' || link.querySelector('img[alt]:not([alt=""])') !== null;

/** A link's host, a mail link's address, our own path as written. */
function destination(href: string): string {
  if (/^mailto:/i.test(href)) return href.slice('mailto:'.length);
  return /^https?:/i.test(href) ? new URL(href).host : href;
}

/** News HTML cleaned for display. */
export const sanitizeNewsHtml = (html: string): string => purify.sanitize(html, CONFIG);
