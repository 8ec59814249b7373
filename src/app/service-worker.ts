/**
 * Registers public/sw.js once the first screen is up, so it never competes with it for the network;
 * then hands the worker the built files this screen loaded (its language's catalogue, say), which it
 * keeps beside the shell. Built apps only: the dev server has no app shell list.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register('/sw.js');
      const ready = await navigator.serviceWorker.ready;
      const files = performance.getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((file) => file.startsWith('/assets/'));
      ready.active?.postMessage({ type: 'KEEP_FILES', files });
    } catch {
      // No worker (private mode, an old browser): the app works as before, online only.
    }
  };
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}
