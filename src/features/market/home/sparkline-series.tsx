import { Suspense, lazy, useEffect, useSyncExternalStore, type RefObject } from 'react';
import type { watchInView as WatchInView } from './row-visibility';
import { sparklines } from './sparklines';
import { codeChunk } from '../../../shared/navigation/code-chunk';

const SparklinePaths = lazy(codeChunk(() => import('./sparkline-paths')));

/**
 * A row's series, asked for only once its box has scrolled into view, and drawn once it is here.
 * Loaded after the first paint: the rows show their boxes at once. The rows' observer is handed in,
 * so that this chunk and theirs share no third one.
 */
export default function SparklineSeries({ id, box, watchInView, width, height }: {
  id: number; box: RefObject<SVGSVGElement | null>; watchInView: typeof WatchInView; width: number; height: number;
}) {
  const closes = useSyncExternalStore((l) => sparklines.subscribe(id, l), () => sparklines.get(id));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    return watchInView(el, (visible) => visible && sparklines.want(id));
  }, [id, box, watchInView]);

  return closes && closes.length > 1 ? <Suspense fallback={null}><SparklinePaths closes={closes} width={width} height={height} /></Suspense> : null;
}
