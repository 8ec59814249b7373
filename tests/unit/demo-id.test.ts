import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenStorage } from '../../src/shared/storage/screen-storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A Map standing in for the browser's localStorage. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}

describe('the demo client id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a random UUID, made once and kept', () => {
    const items = fakeStorage();
    const id = screenStorage.demoId();
    expect(id).toMatch(UUID);
    expect(screenStorage.demoId()).toBe(id);
    expect(items.get('td.demoId')).toBe(id);
  });

  it('replaces a stored id of the old short form with a new UUID', () => {
    const items = fakeStorage({ 'td.demoId': 'a1b2c3d4' });
    const id = screenStorage.demoId();
    expect(id).toMatch(UUID);
    expect(items.get('td.demoId')).toBe(id);
  });
});
