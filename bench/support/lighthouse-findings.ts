import type { Result } from 'lighthouse';

/** The score each category should reach (0 to 100). */
export const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
export type Category = keyof typeof TARGETS;

type Audit = Result['audits'][string];

/** A table row's cells that say where: an element's selector and label, a URL, a message. */
function where(item: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (value && typeof value === 'object' && (value as { type?: string }).type === 'node') {
      const node = value as { selector?: string; nodeLabel?: string; snippet?: string };
      parts.push(`${node.selector ?? node.snippet ?? '?'}${node.nodeLabel ? ` "${node.nodeLabel.slice(0, 60)}"` : ''}`);
    } else if (value && typeof value === 'object' && (value as { type?: string }).type === 'source-location') {
      const loc = value as { url: string; line: number; column: number };
      parts.push(`${loc.url}:${loc.line + 1}:${loc.column + 1}`);
    } else if ((key === 'url' || key === 'description' || key === 'source' || key === 'issueType') && typeof value === 'string' && value) {
      parts.push(value.slice(0, 160));
    }
  }
  // Issues and some diagnostics keep their URLs and elements one level down.
  const sub = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  if (sub.length) parts.push(`[${sub.slice(0, 3).map(where).join('; ')}${sub.length > 3 ? `; and ${sub.length - 3} more` : ''}]`);
  return parts.join(' ');
}

type Details = { type?: string; items?: unknown[] } | undefined;

/** Rows of the tables in `details`, also those inside a list (the LCP element's); trees are summaries. */
function tableRows(details: Details): Array<Record<string, unknown>> {
  if (details?.type === 'table' || details?.type === 'opportunity') return (details.items ?? []) as Array<Record<string, unknown>>;
  if (details?.type === 'list') return (details.items ?? []).flatMap((item) => tableRows(item as Details));
  return [];
}

function describe(audit: Audit, rows: number): string[] {
  const items = tableRows(audit.details as Details).map(where).filter(Boolean);
  return [
    `    ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, score ${audit.score}`,
    ...items.slice(0, rows).map((w) => `      - ${w}`),
    ...(items.length > rows ? [`      - and ${items.length - rows} more`] : []),
  ];
}

/**
 * The audits that keep a category below its target: scored ones short of full marks, those that
 * weigh in the score first (the metrics, for performance), then the lowest.
 */
export function failingAudits(lhr: Result, category: Category, limit = 10, rows = 4): string[] {
  const scored = new Set(['binary', 'numeric', 'metricSavings']);
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ weight: ref.weight, audit: lhr.audits[ref.id] }))
    .filter((f): f is { weight: number; audit: Audit } => !!f.audit && scored.has(f.audit.scoreDisplayMode) && f.audit.score !== null && f.audit.score < 1)
    .sort((a, b) => b.weight - a.weight || a.audit.score! - b.audit.score!)
    .slice(0, limit)
    .flatMap(({ audit }) => describe(audit, rows));
}

/** Score of a category on 0 to 100, or undefined when Lighthouse could not score it. */
export const score = (lhr: Result, category: Category) => {
  const s = lhr.categories[category]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : undefined;
};
