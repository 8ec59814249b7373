import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';

describe('numbers in the configuration', () => {
  it('are whole numbers or stop the start by name, never run as NaN', () => {
    expect(readConfig({})).toMatchObject({ port: 8080, marketSeed: 1, marketHistory: 520, socketsPerAddress: 200 });
    expect(readConfig({ PORT: '0', MARKET_SEED: '0', MARKET_HISTORY: '120' })).toMatchObject({ port: 0, marketSeed: 0, marketHistory: 120 });
    expect(() => readConfig({ PORT: '80a' })).toThrow('PORT is a whole number from 0, not "80a"');
    expect(() => readConfig({ PORT: '70000' })).toThrow('PORT is at most 65535, not "70000"');
    expect(() => readConfig({ MARKET_SEED: '-1' })).toThrow('MARKET_SEED is a whole number from 0, not "-1"');
    expect(() => readConfig({ MARKET_HISTORY: '5e2' })).toThrow('MARKET_HISTORY is a whole number from 0, not "5e2"');
    expect(() => readConfig({ SOCKETS_PER_ADDRESS: '0' })).toThrow('SOCKETS_PER_ADDRESS is a whole number from 1, not "0"');
  });

  it('take only a PostgreSQL address as DATABASE_URL, never repeating it', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql://app:pw@db:5432/trade' }).databaseUrl).toBe('postgresql://app:pw@db:5432/trade');
    for (const wrong of ['notaurl', 'mysql://app:pw@db/trade', 'db:5432']) {
      expect(() => readConfig({ DATABASE_URL: wrong }), wrong).toThrow('DATABASE_URL is a postgres:// address (postgres://user:password@host:5432/database)');
    }
  });
});
