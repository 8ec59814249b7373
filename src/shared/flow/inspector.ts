import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector, only in development with `?inspect` in the address. Loaded by dynamic
 * import inside a DEV branch, so the production bundle holds none of it.
 */
type Inspect = (event: InspectionEvent) => void;
let inspect: Inspect | undefined;

export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect as Inspect;
}

/** Options every actor of the app is created with. */
export const actorOptions = () => (inspect ? { inspect } : {});
