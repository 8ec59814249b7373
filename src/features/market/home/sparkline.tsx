import { Suspense, lazy, useEffect, useRef, useSyncExternalStore } from 'react';
import { sparklines } from './sparklines';

const SparklinePaths = lazy(() => import('./sparkline-paths'));

const W = 72;
const H = 28;

/** A tiny area chart, asked for only once the row has scrolled into view. */
export function Sparkline({ id, rising }: { id: number; rising: boolean }) {
  const ref = useRef<SVGSVGElement>(null);
  const closes = useSyncExternalStore((l) => sparklines.subscribe(id, l), () => sparklines.get(id));

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) sparklines.want(id);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);

  return (
    <svg ref={ref} className={`sparkline ${rising ? 'rise' : 'fall'}`} width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      {closes && closes.length > 1 && (
        <Suspense fallback={null}><SparklinePaths closes={closes} width={W} height={H} /></Suspense>
      )}
    </svg>
  );
}
