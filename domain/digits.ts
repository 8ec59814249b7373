/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits, as Arabic and Persian keyboards type them, and
 * full-width ones (０-９), as Chinese and Japanese keyboards do in full-width mode.
 */
const OTHER_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g;

/** The text with those digits made Latin. Each range starts at a multiple of 16, so a digit's value is its code's last four bits. */
export const latinDigits = (typed: string): string => typed.replace(OTHER_DIGITS, (d) => String(d.charCodeAt(0) % 16));
