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

/**
 * Plain text of a title or summary: no markup at all, and the characters as typed ("rates < 5% &
 * up"). Screens show it as text, so the sanitizer's escaping would be shown as `&lt;` and `&amp;`.
 */
export const plainText = (text: string): string =>
  sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ESCAPED[e]!).trim();
