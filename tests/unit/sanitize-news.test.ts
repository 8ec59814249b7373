import { describe, expect, it } from 'vitest';
import { plainText, sanitizeNews } from '../../server/content/sanitize';
import { XSS } from '../support/xss';

/** Anything a browser would run: script, a handler, a script URL, a frame, a style or a foreign image. */
const EXECUTABLE = /<script|<iframe|<object|<embed|<style|<svg|<math|<form|<base|<meta|\son\w+\s*=|javascript:|vbscript:|data:|srcdoc|<img(?![^>]*src="\/api\/common\/image\/[A-Za-z0-9_-]{24}")/i;

describe('news HTML on the server', () => {
  it.each(XSS)('leaves nothing executable of %s', (input) => {
    expect(sanitizeNews(input)).not.toMatch(EXECUTABLE);
  });

  it('keeps the text and the safe markup, and opens links safely', () => {
    expect(sanitizeNews('<h2>Title</h2><p>Rates <b>up</b> <a href="https://example.org">more</a></p>')).toBe(
      '<h2>Title</h2><p>Rates <b>up</b> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">more</a></p>',
    );
    expect(sanitizeNews('<img src="/api/common/image/AAAAAAAAAAAAAAAAAAAAAAAA" alt="chart">')).toBe('<img src="/api/common/image/AAAAAAAAAAAAAAAAAAAAAAAA" alt="chart" />');
  });

  it('drops every image that is not one of our own public pictures', () => {
    expect(sanitizeNews('<img src="https://tracker.example/p.gif"><img src="/api/common/image/AAAAAAAAAAAAAAAAAAAAAAAA?e=1&s=x">')).toBe('');
  });

  it('makes titles plain text', () => {
    expect(plainText('<b>Fed</b> <script>x</script>holds')).toBe('Fed holds');
    // Text keeps its characters: screens show it as text, never as HTML.
    expect(plainText('Fed: rates < 5% & "EUR/USD" up')).toBe('Fed: rates < 5% & "EUR/USD" up');
    expect(plainText('Tom & Jerry <3 markets')).toBe('Tom & Jerry <3 markets');
    // A "<" that opens no element is text, however it is followed.
    expect(['EUR<USD spread widens', 'Rates: 5%<x<7%', '<<Breaking>> news', 'Price <b', 'a<b-c'].map(plainText))
      .toEqual(['EUR<USD spread widens', 'Rates: 5%<x<7%', '<<Breaking>> news', 'Price <b', 'a<b-c']);
    // One that does is markup, in any case and however it is closed, custom elements and comments too.
    expect(['Price <b>up</b>', 'x<IMG/src=x onerror=alert(1)>y', '<ScRiPt\n>alert(1)</script>z', '<my-el onclick=x>a</my-el>', 'a<!-- c -->b', '<svg/onload=alert(1)>s']
      .map(plainText)).toEqual(['Price up', 'xy', 'z', 'a', 'ab', 's']);
  });
});
