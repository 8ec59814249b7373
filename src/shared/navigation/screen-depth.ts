/**
 * How many of the app's own screens lie behind the one shown, and the path of the one just behind,
 * kept in each history entry's state so that back, forward and a reload keep them
 * (`history.length` also counts entries ahead, and other sites'). Started right after the first
 * paint (app/after-paint.ts), before a tap can navigate; back.ts reads them.
 */
type Place = { depth?: number; behind?: string };
const placeHere = (): Place => (history.state as Place | null) ?? {};
const pathHere = () => `${location.pathname}${location.search}`;

/** Starts counting; a second call changes nothing. */
export function countScreenDepth(): void {
  if (counting) return;
  counting = true;
  let { depth = 0, behind } = placeHere();
  let here = pathHere();
  const keep = () => {
    here = pathHere();
    const place = placeHere();
    if (place.depth !== depth || place.behind !== behind) history.replaceState({ ...history.state, depth, behind }, '');
  };
  // The router announces its navigations as events of these names, once the address has changed.
  addEventListener('pushState', () => {
    depth++;
    behind = here;
    keep();
  });
  addEventListener('replaceState', keep);
  addEventListener('popstate', () => {
    ({ depth = 0, behind } = placeHere());
    here = pathHere();
  });
  keep();
}
let counting = false;
