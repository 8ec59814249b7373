/** A decimal as every rule reads it once typed: digits, and a point with digits after it if any. */
export const isDecimal = (text: string): boolean => /^\d+(\.\d+)?$/.test(text.trim());

/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits, as Arabic and Persian keyboards type them, and
 * full-width ones (０-９), as Chinese and Japanese keyboards do in full-width mode.
 */
const OTHER_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g;

/**
 * A decimal as typed, kept with Latin digits and a point so every rule reads it. Phones in
 * languages that write a decimal comma (de, fr, vn...) offer one on the number keypad: "0,02" lots
 * mean 0.02. Arabic and Persian keyboards type their own digits and the Arabic decimal separator
 * ("۰٫۰۲"), as the app shows numbers in those languages; full-width keyboards their own point ("０．５").
 */
export const decimalInput = (typed: string): string =>
  typed
    // Each range starts at a multiple of 16, so a digit's value is its code's last four bits.
    .replace(OTHER_DIGITS, (d) => String(d.charCodeAt(0) % 16))
    .replace(/[,\u066B\uFF0C\uFF0E]/, '.');
