import { Suspense, lazy } from 'react';
import { codeChunk } from '../../../shared/navigation/code-chunk';

const CurvePaths = lazy(codeChunk(() => import('./curve-paths')));

const W = 72;
const H = 28;

/** The trader's cumulative result over the window, drawing code loaded with the first curve. */
export function Curve({ points }: { points: number[] }) {
  const rising = (points.at(-1) ?? 0) >= 0;
  return (
    <svg className={`sparkline ${rising ? 'rise' : 'fall'}`} width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      {points.length > 1 && <Suspense fallback={null}><CurvePaths points={points} width={W} height={H} /></Suspense>}
    </svg>
  );
}
