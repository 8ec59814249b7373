/**
 * How many of the app's own screens lie behind the one shown, kept in each history entry's state so
 * that back, forward and a reload keep it (`history.length` also counts entries ahead, and other
 * sites'). Started right after the first paint (app/after-paint.ts), before a tap can navigate;
 * back buttons read it (back.ts).
 */
const depthHere = (): number => (history.state as { depth?: number } | null)?.depth ?? 0;

/** Starts counting; a second call changes nothing. */
export function countScreenDepth(): void {
  if (counting) return;
  counting = true;
  let depth = depthHere();
  const keep = () => depthHere() !== depth && history.replaceState({ ...history.state, depth }, '');
  // The router announces its navigations as events of these names.
  addEventListener('pushState', () => { depth++; keep(); });
  addEventListener('replaceState', keep);
  addEventListener('popstate', () => { depth = depthHere(); });
  keep();
}
let counting = false;
