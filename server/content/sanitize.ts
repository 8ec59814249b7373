import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Required when news is first written, not held by every idle server.
let loaded: typeof SanitizeHtml | undefined;
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return loaded(html, options);
}

/** A public picture of our own (staff's uploads): the only images news may show. */
const OWN_IMAGE = /^\/api\/common\/image\/[A-Za-z0-9_-]{24}$/;

/**
 * News HTML as stored: a strict allowlist (text, headings, lists, quotes, tables, links, our own
 * pictures). No script, style, iframe, form or event handler survives, links are http(s) or mailto
 * and open in a new tab without the opener, and any other image is dropped.
 */
export function sanitizeNews(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
      'blockquote', 'pre', 'code', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
  });
}

/** What the sanitizer writes for the characters it escapes, back to the characters. */
const ESCAPED: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** HTML's, SVG's and MathML's element names, and custom ones (with a hyphen): what a browser would make a tag of. */
const ELEMENTS = 'a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|blockquote|body|br|button|canvas|caption|cite|code|col|colgroup|data|datalist|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hgroup|hr|html|i|iframe|img|image|input|ins|kbd|keygen|label|legend|li|link|main|map|mark|marquee|math|menu|meta|meter|nav|noembed|noframes|noscript|object|ol|optgroup|option|output|p|param|picture|plaintext|pre|progress|q|rp|rt|ruby|s|samp|script|search|section|select|slot|small|source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|template|textarea|tfoot|th|thead|time|title|tr|track|u|ul|var|video|wbr|xmp|animate|foreignobject|set|use';
const NOT_A_TAG = new RegExp(`<(?!/?(?:${ELEMENTS})[\\s/>]|/?[a-z][a-z0-9]*-[a-z0-9-]*[\\s/>]|!)`, 'gi');

/**
 * Plain text of a title or summary: no markup at all, and the characters as typed ("rates < 5% &
 * up", "EUR<USD", "<<Breaking>>"). Only a "<" that opens an element is markup; any other is text,
 * kept from the sanitizer, which would read "<USD" as a tag and drop the rest of the title. Screens
 * show it as text, so the sanitizer's escaping would be shown as `&lt;` and `&amp;`.
 */
export const plainText = (text: string): string =>
  sanitizeHtml(text.replace(NOT_A_TAG, '&lt;'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ESCAPED[e]!).trim();
