/** Inline icons: a few paths, no icon font to download. These are the first screen's; the others' are in screen-icons.ts. */
export const ICONS = {
  back: 'M15 18l-6-6 6-6',
  quotes: 'M4 19V9m6 10V5m6 14v-7m4 7H2',
  trade: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  orders: 'M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01',
  rank: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0V4zM4 5h3M17 5h3',
  search: 'M11 19a8 8 0 100-16 8 8 0 000 16zM21 21l-4.3-4.3',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  news: 'M4 5h16v14H4zM8 9h8M8 13h8M8 17h4',
} as const;

/** One icon: `d` is its path, from `ICONS` or `SCREEN_ICONS`. */
export function Icon({ d, size = 22, className }: { d: string; size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d={d} />
    </svg>
  );
}
