import { useMemo, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { pullRefreshMachine } from '../../../machines/shared/pull-refresh';
import { useFlow } from '../flow/use-flow';

/** Pull the page down from its top to refresh what it lists; the machine owns the gesture. */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const pull = useFlow(useMemo(() => pullRefreshMachine.provide({ actions: { refresh: onRefresh } }), [onRefresh]));
  const distance = useSelector(pull, (s) => s.context.distance);
  const refreshing = useSelector(pull, (s) => s.matches('refreshing'));
  const startY = useRef<number | undefined>(undefined);
  return (
    <div
      onTouchStart={(e) => { startY.current = window.scrollY === 0 ? e.touches[0]?.clientY : undefined; }}
      onTouchMove={(e) => { if (startY.current !== undefined) pull.send({ type: 'PULL.MOVE', distance: (e.touches[0]?.clientY ?? 0) - startY.current }); }}
      onTouchEnd={() => { startY.current = undefined; pull.send({ type: 'PULL.END' }); }}
    >
      <div className="pull-indicator" style={{ height: Math.min(distance, 80) }} aria-hidden={!refreshing} data-testid={refreshing ? 'refreshing' : undefined}>
        {distance > 0 && <div className="spinner" />}
      </div>
      {children}
    </div>
  );
}
