import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeChunk } from '../../src/shared/navigation/code-chunk';

/** A browser's globals as codeChunk reads them: online or not, the session's storage, reload. */
function browser(onLine: boolean) {
  const reload = vi.fn();
  const listeners: Record<string, () => void> = {};
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('sessionStorage', {});
  vi.stubGlobal('location', { reload });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] = listener));
  return { reload, listeners };
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => 'resolved', () => 'rejected'), new Promise((r) => setTimeout(() => r('waiting'), 20))]);

describe('code fetched on demand', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the page again once when its file is gone (a new build), and throws on a second failure soon after', async () => {
    const { reload } = browser(true);
    expect(await settled(codeChunk(gone)())).toBe('waiting');
    expect(reload).toHaveBeenCalledTimes(1);
    // After the reload the same file is still gone: a fault, shown, not a reload loop.
    expect(await settled(codeChunk(gone)())).toBe('rejected');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline, waits for the network and then loads the page again', async () => {
    const { reload, listeners } = browser(false);
    expect(await settled(codeChunk(gone)())).toBe('waiting');
    expect(reload).not.toHaveBeenCalled();
    listeners.online!();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('answers the code when it loads', async () => {
    browser(true);
    expect(await codeChunk(() => Promise.resolve('chart'))()).toBe('chart');
  });
});
