/**
 * A decimal as typed. Phones in languages that write a decimal comma (de, fr, vn...) offer one on
 * the number keypad; "0,02" lots mean 0.02, and are kept with a point so every rule reads them.
 */
export const decimalInput = (typed: string): string => typed.replace(',', '.');
