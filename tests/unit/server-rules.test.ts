import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/fields';
import { MemoryCounters } from '../../server/platform/auth/counters';
import { Limiter, refuseWhileWaiting } from '../../server/platform/auth/limiter';
import type { Refusal } from '../../server/platform/http/refusal';
import { trustProxyOf } from '../../server/platform/config';
import { FrameBudget } from '../../server/platform/ws/frame-budget';
import { hashPassword, verifyPassword } from '../../server/platform/auth/password';
import { hashToken, newEmailCode, newShortCode, newToken } from '../../server/platform/auth/tokens';
import { fieldLabel, languageOf, translate } from '../../server/platform/i18n/messages';
import { accountCalls } from '../../contract/account';
import { contentCalls } from '../../contract/content';
import { fundsCalls } from '../../contract/funds';
import { identityCalls } from '../../contract/identity';
import { marketCalls } from '../../contract/market';
import { rankingCalls } from '../../contract/ranking';
import { tradingCalls } from '../../contract/trading';

describe('limiter', () => {
  it('allows max hits per window, names the wait, and forgets after the window', async () => {
    let now = 0;
    const limiter = new Limiter('k', 2, 60_000, new MemoryCounters(), () => now);
    await limiter.hit('k');
    await limiter.hit('k');
    expect(await limiter.wait('k')).toBe(60);
    expect(await limiter.wait('other')).toBe(0);
    now = 45_000;
    expect(await limiter.wait('k')).toBe(15);
    now = 60_000;
    expect(await limiter.wait('k')).toBe(0);
  });
});

describe('secrets', () => {
  it('hashes passwords with a salt and verifies them', async () => {
    const a = await hashPassword('secret123');
    const b = await hashPassword('secret123');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('secret123', a)).toBe(true);
    expect(await verifyPassword('secret124', a)).toBe(false);
    expect(await verifyPassword('secret123', null)).toBe(false);
  });
  it('makes opaque tokens and stores only their hash', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(newEmailCode()).toMatch(/^\d{6}$/);
  });
  it('makes invite codes without characters that read alike (0/O, 1/I/L)', () => {
    const codes = Array.from({ length: 2000 }, () => newShortCode()).join('');
    expect(codes).toMatch(/^[A-Z2-9]+$/);
    expect(codes).not.toMatch(/[01OIL]/);
  });
});

describe('server messages', () => {
  it('never starts a sentence with a label written to stand mid-sentence ("montant")', () => {
    for (const lang of LANGUAGES) {
      const label = fieldLabel(lang, 'number');
      for (const key of ['field_required', 'field_invalid', 'field_decimals', 'field_out_of_range'] as const) {
        const said = translate(lang, key, { field: label });
        if (said.startsWith(label)) expect(said[0], `${lang} ${key}`).toBe(said[0]!.toLocaleUpperCase());
      }
    }
    expect(translate('fr', 'field_decimals', { field: fieldLabel('fr', 'number') })).toBe('Le champ montant a trop de décimales');
  });

  it('writes numbers and amounts in a message the reader\'s way, and text as it is', () => {
    expect(translate('en', 'deposit_out_of_range', { min: 10, max: 1000000 })).toBe('The amount must be between 10 and 1,000,000 USD');
    expect(translate('de', 'withdraw_above_free', { free: { amount: '2282.30', dp: 2 } })).toContain('2.282,30');
    // Latin digits in every language, as the screens write them.
    expect(translate('fa', 'rate_limited_minutes', { minutes: 4 })).toContain('4');
    expect(translate('ar', 'withdraw_above_free', { free: { amount: '2282.30', dp: 2 } })).toMatch(/2.282.30/);
    expect(translate('en', 'address_invalid', { network: '1000' })).toContain('1000');
  });
  it('names a field as the reader calls it, in their language; a field without a label by its wire name', () => {
    expect(translate('en', 'field_required', { field: fieldLabel('en', 'number') })).toBe('Amount is required');
    expect(translate('de', 'field_required', { field: fieldLabel('de', 'reason') })).toBe('Grund ist erforderlich');
    expect(fieldLabel('hk', 'txid')).toBe('交易哈希');
    expect(fieldLabel('en', 'forex_id')).toBe('Product');
    expect(fieldLabel('en', 'no_such_field')).toBe('no_such_field');
    // Every catalogue labels the same fields.
    for (const lang of ['ar', 'fa', 'jp', 'vn'] as const) expect(fieldLabel(lang, 'payee_account')).not.toBe(fieldLabel('en', 'payee_account'));
  });
  it('labels every field a trader\'s call takes, so no message shows a wire name', () => {
    const fieldsOf = (schema: unknown): string[] => {
      const def = (schema as { def?: { shape?: object; options?: unknown[]; in?: unknown } } | undefined)?.def;
      if (def?.shape) return Object.keys(def.shape);
      if (def?.options) return def.options.flatMap(fieldsOf);
      return def?.in ? fieldsOf(def.in) : [];
    };
    const calls = [accountCalls, tradingCalls, fundsCalls, identityCalls, marketCalls, contentCalls, rankingCalls].flatMap((c) => Object.values(c) as { request: unknown }[]);
    const fields = new Set(calls.flatMap((call) => fieldsOf(call.request)));
    expect(fields.size).toBeGreaterThan(40);
    expect([...fields].filter((field) => fieldLabel('en', field) === field)).toEqual([]);
  });
  it('speaks the request language, reads tw as hk, falls back to hk', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('TW')).toBe('hk');
    expect(languageOf('xx')).toBe('hk');
    // Standard tags name the same languages: the whole tag, else its language.
    expect(['en-US', 'EN_gb', 'ja', 'ja-JP', 'zh-TW', 'es-MX', 'vi', 'ko', 'ms', 'my', 'pt-BR'].map(languageOf))
      .toEqual(['en', 'en', 'jp', 'jp', 'hk', 'spa', 'vn', 'kr', 'my', 'my', 'pt']);
    expect(translate('en', 'rate_limited', { seconds: 42 })).toBe('Too many attempts, please try again in 42 seconds');
    expect(translate('de', 'field_required', { field: 'account' })).toContain('account');
  });
  it('says a wait of minutes in minutes, a short one in seconds, and lets through none', () => {
    const said = (wait: number) => {
      try {
        refuseWhileWaiting(wait);
        return undefined;
      } catch (error) {
        const { key, params } = error as Refusal;
        return translate('en', key, params);
      }
    };
    expect(said(0)).toBeUndefined();
    expect(said(53)).toBe('Too many attempts, please try again in 53 seconds');
    expect(said(120)).toBe('Too many attempts, please try again in 120 seconds');
    expect(said(1801)).toBe('Too many attempts, please try again in 31 minutes');
    expect(translate('hk', 'rate_limited_minutes', { minutes: 15 })).toBe('嘗試次數過多，請於15分鐘後再試');
  });
  it('says one second, not "1 seconds", by each language\'s plural rules', () => {
    expect(translate('en', 'rate_limited', { seconds: 1 })).toBe('Too many attempts, please try again in 1 second');
    expect(translate('fr', 'rate_limited', { seconds: 1 })).toBe('Trop de tentatives, veuillez réessayer dans 1 seconde');
    expect(translate('de', 'rate_limited', { seconds: 2 })).toBe('Zu viele Versuche, bitte versuchen Sie es in 2 Sekunden erneut');
    // Arabic: one, two, three to ten, then the singular again.
    expect([1, 2, 3, 11].map((minutes) => translate('ar', 'rate_limited_minutes', { minutes }).split('بعد ')[1]))
      .toEqual(['دقيقة واحدة', 'دقيقتين', '3 دقائق', '11 دقيقة']);
    expect(translate('jp', 'rate_limited', { seconds: 1 })).toBe('試行回数が多すぎます。1秒後にもう一度お試しください');
    // Russian: "no more than" takes the genitive, singular for a fraction.
    expect([1, 3, 10, 0.01].map((max) => translate('ru', 'lots_above_max', { max }).split('больше ')[1]))
      .toEqual(['1 лота', '3 лотов', '10 лотов', '0,01 лота']);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told which, and never every sender', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    const oneHop = trustProxyOf('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.2', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(trustProxyOf('10.0.0.2, 10.1.0.0/16')).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/);
  });
});

describe('socket frame budget', () => {
  it('allows a burst, then frames at its rate; time refills it', () => {
    let now = 0;
    const budget = new FrameBudget(3, 2, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now = 499;
    expect(budget.take()).toBe(false);
    now = 500;
    expect(budget.take()).toBe(true);
    now = 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});
