/**
 * Number formats for values written on every tick, outside React's own formatting: one
 * Intl.NumberFormat per locale and option set, shared by every row and chart that asks.
 */
const made = new Map<string, Intl.NumberFormat>();

function format(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let nf = made.get(key);
  if (!nf) made.set(key, (nf = new Intl.NumberFormat(locale, options)));
  return nf;
}

/** A price with its instrument's decimals, with the locale's separators (67,000.00). */
export const priceFormat = (locale: string, decimals: number) =>
  format(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** The day's change: +0.12 %, -0.05 %, 0.00 %. */
export const changeFormat = (locale: string) =>
  format(locale, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 });
