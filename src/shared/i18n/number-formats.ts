/**
 * Number formats for values written on every tick, outside React's own formatting: one
 * Intl.NumberFormat per locale and kind, made once and shared by every row and chart that asks.
 */
const made = new Map<string, Intl.NumberFormat>();

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let nf = made.get(key);
  if (!nf) made.set(key, (nf = make()));
  return nf;
}

/** A price with its instrument's decimals, with the locale's separators (67,000.00). */
export const priceFormat = (locale: string, decimals: number) =>
  cached(`${locale}|price|${decimals}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

/** The day's change: +0.12 %, -0.05 %, 0.00 %. */
export const changeFormat = (locale: string) =>
  cached(`${locale}|change`, () => new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
