import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** WCAG 2 contrast of the theme's text colours, read from the custom properties in theme.css. */
const css = readFileSync(new URL('../../src/shared/ui/theme.css', import.meta.url), 'utf8');

/** Every block declaring custom properties: the first is the light theme, each later one overrides it. */
function themes(source: string): Record<string, string>[] {
  const blocks = [...source.matchAll(/\{([^{}]*)\}/g)]
    .map(([, body]) => Object.fromEntries([...body!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, k, v]) => [k!, v!.trim()])))
    .filter((vars) => Object.keys(vars).some((k) => k.startsWith('--') && /^#/.test(vars[k]!)));
  const [base, ...variants] = blocks;
  return [base!, ...variants.map((v) => ({ ...base, ...v }))];
}

function luminance(hex: string): number {
  const digits = hex.slice(1).length === 3 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text colour on the background it is drawn over, as the stylesheet pairs them. */
const PAIRS: [text: string, ground: string][] = [
  ...['--text', '--muted', '--accent', '--rise', '--fall', '--danger'].flatMap((t) => [[t, '--bg'], [t, '--surface']] as [string, string][]),
  ['--accent-text', '--accent-fill'], ['--accent-text', '--rise-fill'], ['--accent-text', '--fall-fill'],
  ['--accent-text', '--danger-fill'], ['--demo-text', '--demo'],
];

const found = themes(css);

describe('theme contrast', () => {
  it('reads a light theme and a dark one', () => {
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(css).toMatch(/prefers-color-scheme:\s*dark/);
  });

  it('computes known WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(found.map((vars, i) => [i === 0 ? 'light' : `variant ${i}`, vars] as const))('%s: text pairs reach 4.5:1', (_, vars) => {
    const failing = PAIRS.flatMap(([text, ground]) => {
      const [fg, bg] = [vars[text], vars[ground]];
      if (!fg || !bg) return [`${text} on ${ground}: missing`];
      const ratio = contrast(fg, bg);
      return ratio < 4.5 ? [`${text} ${fg} on ${ground} ${bg}: ${ratio.toFixed(2)}`] : [];
    });
    expect(failing).toEqual([]);
  });
});
