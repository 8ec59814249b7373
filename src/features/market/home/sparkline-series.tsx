import { Suspense, lazy, useEffect, useSyncExternalStore, type RefObject } from 'react';
import { sparklines } from './sparklines';

const SparklinePaths = lazy(() => import('./sparkline-paths'));

/**
 * A row's series, asked for only once its box has scrolled into view, and drawn once it is here.
 * Loaded after the first paint: the rows show their boxes at once.
 */
export default function SparklineSeries({ id, box, width, height }: { id: number; box: RefObject<SVGSVGElement | null>; width: number; height: number }) {
  const closes = useSyncExternalStore((l) => sparklines.subscribe(id, l), () => sparklines.get(id));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) sparklines.want(id);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, box]);

  return closes && closes.length > 1 ? <Suspense fallback={null}><SparklinePaths closes={closes} width={width} height={height} /></Suspense> : null;
}
