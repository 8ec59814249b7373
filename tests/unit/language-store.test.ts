import { expect, it, vi } from 'vitest';

vi.stubGlobal('document', { documentElement: {} });
vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
const { languageStore } = await import('../../src/shared/i18n/language-store');

it("merges a feature's strings asked for before the first catalogue has arrived, once it has", async () => {
  const area = { './messages/en.json': () => Promise.resolve({ 'area.greeting': 'Hello from the area' }) };
  const starting = languageStore.init();
  const adding = languageStore.addArea(area);
  await Promise.all([starting, adding]);
  const { lang, messages } = languageStore.get();
  expect(lang).toBe('en');
  expect(messages['area.greeting']).toBe('Hello from the area');
  // The app's own catalogue is there too, not replaced by the area's.
  expect(Object.keys(messages).length).toBeGreaterThan(20);
  expect(document.documentElement.lang).toBe('en');
});
