/**
 * Two views are the same when each field is: the same value, or lists of the same elements (a
 * connect function may build a new list of the same rows).
 */
export function sameView<V extends object>(a: V, b: V): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof V)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameField(a[key], b[key]));
}

function sameField(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  return false;
}
