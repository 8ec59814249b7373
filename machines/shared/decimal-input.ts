import { latinDigits } from '../../domain/digits';

/** A decimal as every rule reads it once typed: digits, and a point with digits after it if any. */
export const isDecimal = (text: string): boolean => /^\d+(\.\d+)?$/.test(text.trim());

/**
 * A decimal as typed, kept with Latin digits and a point so every rule reads it. Phones in
 * languages that write a decimal comma (de, fr, vn...) offer one on the number keypad: "0,02" lots
 * mean 0.02. Arabic and Persian keyboards type their own digits and the Arabic decimal separator
 * ("۰٫۰۲"), as the app shows numbers in those languages; full-width keyboards their own point ("０．５"). A
 * leading point is a zero's (".5" is 0.5).
 */
export const decimalInput = (typed: string): string =>
  latinDigits(typed).replace(/[,\u066B\uFF0C\uFF0E]/, '.').replace(/^\./, '0.');

/**
 * A price as typed (`decimalInput`), with no more decimals than the product quotes: a digit past
 * them is not taken. The button would show the price rounded, and the server refuse it as typed.
 */
export function priceInput(typed: string, digits: number | undefined): string {
  const text = decimalInput(typed);
  const point = text.indexOf('.');
  return digits === undefined || point < 0 ? text : text.slice(0, digits > 0 ? point + 1 + digits : point);
}

/**
 * An amount of money as typed, kept as typed but for its digits (made Latin) and the Arabic and
 * full-width separators (made "." and ","): "10,000" must still read as ten thousand once typed
 * whole, so its comma is not made a point on the way, as `decimalInput` does for lots and prices.
 */
export const amountInput = (typed: string): string =>
  latinDigits(typed).replace(/[\u066B\uFF0E]/g, '.').replace(/[\u066C\uFF0C]/g, ',');

/** Thousands in groups of three after a first group of one to three digits that is not a lone 0. */
const grouped = (whole: string, separator: string) =>
  new RegExp(`^(?!0\\${separator})\\d{1,3}(\\${separator}\\d{3})+$`).test(whole);

/**
 * The amount a trader typed (`amountInput`), as a plain decimal ("10000", "1500.25"), or the text
 * unchanged when it cannot be read, so that `isDecimal` refuses it. Amounts are in USD, to the
 * cent, so a comma followed by exactly three digits separates thousands ("10,000", as the app writes
 * amounts in English), whatever the language; any other single comma is a decimal one ("10,5", as
 * fr and de keypads type it). With two kinds of separator, the last is the decimal one ("1,500.25",
 * "1.500,25"). A single point is always decimal, as on the wire. Spaces between groups are dropped.
 */
export function amountValue(typed: string): string {
  const text = typed.trim().replace(/[\s\u00A0\u202F]/g, '');
  const separators = text.replace(/[^.,]/g, '');
  if (separators === '' || !/^\d[\d.,]*\d$/.test(text)) return typed.trim();
  const last = separators[separators.length - 1]!;
  const cut = text.lastIndexOf(last);
  const [whole, fraction] = [text.slice(0, cut), text.slice(cut + 1)];
  // Every separator the same: thousands ("1,000,000", "10,000"), or one decimal separator ("10,5", "1.5").
  if (!separators.replace(new RegExp(`\\${last}`, 'g'), '')) {
    if ((separators.length > 1 || (last === ',' && fraction.length === 3)) && grouped(text, last)) return text.split(last).join('');
    return separators.length === 1 ? `${whole}.${fraction}` : typed.trim();
  }
  // Two kinds: the last one is decimal, the other must group the whole part.
  const group = last === ',' ? '.' : ',';
  return grouped(whole, group) && !fraction.includes(group) ? `${whole.split(group).join('')}.${fraction}` : typed.trim();
}
