import { useMemo, useRef, type ReactNode } from 'react';
import { pullRefreshMachine } from '../../../machines/shared/pull-refresh';
import { connectPullRefresh } from '../../../machines/shared/pull-refresh.connect';
import { useFlow } from '../flow/use-flow';
import { useView } from '../flow/use-view';

/** Pull the page down from its top to refresh what it lists; the machine owns the gesture. */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const pull = useFlow(useMemo(() => pullRefreshMachine.provide({ actions: { refresh: onRefresh } }), [onRefresh]));
  const { indicatorHeight, showsSpinner, isRefreshing } = useView(pull, connectPullRefresh);
  const startY = useRef<number | undefined>(undefined);
  return (
    <div
      onTouchStart={(e) => { startY.current = window.scrollY === 0 ? e.touches[0]?.clientY : undefined; }}
      onTouchMove={(e) => { if (startY.current !== undefined) pull.send({ type: 'PULL.MOVE', distance: (e.touches[0]?.clientY ?? 0) - startY.current }); }}
      onTouchEnd={() => { startY.current = undefined; pull.send({ type: 'PULL.END' }); }}
    >
      <div className="pull-indicator" style={{ height: indicatorHeight }} aria-hidden={!isRefreshing} data-testid={isRefreshing ? 'refreshing' : undefined}>
        {showsSpinner && <div className="spinner" />}
      </div>
      {children}
    </div>
  );
}
