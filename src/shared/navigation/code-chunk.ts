/**
 * Code fetched on demand (a screen, the chart, a sparkline). When it cannot be fetched offline, it
 * waits, and the page loads again once the network is back (the browser never tries a failed import
 * twice). Online, the page loads again once, as a failure reported just after the network came
 * back, or a build replaced meanwhile (its files gone with it), is cured by it; a second failure
 * within the window is a fault and is thrown.
 */
const RELOADED_AT = 'td.reloaded';
const RELOAD_WINDOW_MS = 30_000;

export const codeChunk = <T,>(load: () => Promise<T>) => () =>
  load().catch((error: unknown) => {
    const online = navigator.onLine;
    if (online && Date.now() - Number(sessionStorage[RELOADED_AT]) < RELOAD_WINDOW_MS) throw error;
    if (online) {
      sessionStorage[RELOADED_AT] = Date.now();
      location.reload();
    } else addEventListener('online', () => location.reload());
    return new Promise<T>(() => {});
  });
