import { Suspense, lazy, useRef } from 'react';
import { watchInView } from './row-visibility';
import { codeChunk } from '../../../shared/navigation/code-chunk';

const SparklineSeries = lazy(codeChunk(() => import('./sparkline-series')));

const W = 72;
const H = 28;

/** A tiny area chart: its box is drawn at once, its series (loaded after the first paint) when the row is in view. */
export function Sparkline({ id, rising }: { id: number; rising: boolean }) {
  const ref = useRef<SVGSVGElement>(null);
  return (
    <svg ref={ref} className={`sparkline ${rising ? 'rise' : 'fall'}`} width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      <Suspense fallback={null}><SparklineSeries id={id} box={ref} watchInView={watchInView} width={W} height={H} /></Suspense>
    </svg>
  );
}
