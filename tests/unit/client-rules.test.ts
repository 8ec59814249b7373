import { describe, expect, it } from 'vitest';
import { email } from '../../contract/fields';
import { apiOrigin } from '../../contract/origin';
import { hashRoute, loginPath, queryParams, withReturn } from '../../src/shared/navigation/paths';
import { safeReturn } from '../../src/shared/navigation/safe-return';
import { fromBrowserTag, pickLanguage } from '../../src/shared/i18n/languages';
import { emailProblem, loginProblem, passwordPairProblem } from '../../machines/accounts/form-rules';

const at = (url: string) => {
  const u = new URL(url);
  return { protocol: u.protocol, host: u.host, hostname: u.hostname };
};

describe('API origin', () => {
  it.each([
    ['https://app.example.com/trade', undefined, 'https://api.example.com'],
    ['https://m.broker.co.uk/', undefined, 'https://api.broker.co.uk'],
    ['http://app.example.com:8443/', undefined, 'http://api.example.com:8443'],
    ['http://localhost:5173/', undefined, 'http://localhost:5173'],
    ['http://192.168.1.20:8080/', undefined, 'http://192.168.1.20:8080'],
    ['https://example.com/', undefined, 'https://example.com'],
    ['https://app.example.com/', 'same', 'https://app.example.com'],
    ['https://app.example.com/', 'https://gateway.example.net/', 'https://gateway.example.net'],
  ])('%s (override %s) -> %s', (page, override, expected) => {
    expect(apiOrigin(at(page), override)).toBe(expected);
  });
});

describe('paths and queries', () => {
  it('reads the query after the hash too, the hash winning', () => {
    const q = queryParams({ search: '?a=1&invite_code=OLD', hash: '#/register?invite_code=NEW7' });
    expect(q.get('a')).toBe('1');
    expect(q.get('invite_code')).toBe('NEW7');
  });
  it('turns a hash route into a path route', () => {
    expect(hashRoute({ hash: '#/register?invite_code=AB12' })).toBe('/register?invite_code=AB12');
    expect(hashRoute({ hash: '#section' })).toBeUndefined();
  });
  it('builds the login path with the return path and follows only our own paths', () => {
    expect(loginPath('/order?type=1')).toBe('/login?from=%2Forder%3Ftype%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(withReturn('/register', '/order')).toBe('/register?from=%2Forder');
    expect(withReturn('/register', null)).toBe('/register');
    expect(safeReturn('/user')).toBe('/user');
    expect(safeReturn('//evil.example')).toBe('/');
    expect(safeReturn('https://evil.example')).toBe('/');
    // What a browser reads as another host: a backslash, or a tab it drops.
    expect(safeReturn('/\\evil.example')).toBe('/');
    expect(safeReturn('/\t/evil.example')).toBe('/');
    expect(safeReturn('//[')).toBe('/');
    expect(safeReturn('/order?type=3#x')).toBe('/order?type=3#x');
    expect(safeReturn(null)).toBe('/');
  });
});

describe('language choice', () => {
  it('prefers the stored choice, then the browser, then hk; tw is hk', () => {
    expect(pickLanguage('fr', ['de-DE'])).toBe('fr');
    expect(pickLanguage('tw', ['de-DE'])).toBe('hk');
    expect(pickLanguage(undefined, ['xx-YY', 'ja-JP'])).toBe('jp');
    expect(pickLanguage('nonsense', ['sw'])).toBe('hk');
  });
  it.each([['es-MX', 'spa'], ['ko', 'kr'], ['vi-VN', 'vn'], ['ms', 'my'], ['zh-TW', 'hk'], ['fa-IR', 'fa'], ['sw', undefined]])(
    'browser %s -> %s',
    (tag, code) => expect(fromBrowserTag(tag)).toBe(code),
  );
});

describe('form rules (spec section 5)', () => {
  it('asks for the email, then the password', () => {
    expect(loginProblem({ account: '', password: '' })).toBe('account_required');
    expect(loginProblem({ account: 'a@b.co', password: '' })).toBe('password_required');
    expect(loginProblem({ account: 'a@b.co', password: 'x' })).toBeUndefined();
    expect(emailProblem('not-an-email')).toBe('email_invalid');
  });
  it('reads an email as the server does: what one refuses, the other refuses', () => {
    for (const address of ['x@y.z', 'a@b', 'a..b@c.co', '.a@b.co', 'a@-b.co', 'a b@c.co']) {
      expect(emailProblem(address), address).toBe('email_invalid');
      expect(email().safeParse(address).success, address).toBe(false);
    }
    for (const address of ['a@b.co', 'first.last+tag@mail.example.org', ' A@B.CO ']) {
      expect(emailProblem(address), address).toBeUndefined();
      expect(email().safeParse(address).success, address).toBe(true);
    }
  });
  it('wants both passwords filled, long enough and equal', () => {
    expect(passwordPairProblem('', 'abcdef')).toBe('input_full');
    expect(passwordPairProblem('abc', 'abc')).toBe('password_short');
    expect(passwordPairProblem('abcdef', 'abcdeg')).toBe('passwords_not_equal');
    expect(passwordPairProblem('abcdef', 'abcdef')).toBeUndefined();
  });
});
