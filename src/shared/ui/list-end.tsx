import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Retry } from './retry';

/**
 * The last row of an infinite list: asks for more whenever it scrolls into view (again after each
 * load, page or refresh, in case it is still in view), and says whether more is coming. A page that failed says so
 * here, where the reader is, with a retry; it is not asked again by itself, so an offline phone does
 * not retry in a loop, but a list loaded again (a refresh, the connection back) goes on from here.
 */
export function ListEnd({ finished, loading, failed, rows, onVisible }: { finished: boolean; loading: boolean; failed: boolean; rows: number; onVisible: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || loading || failed) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible, rows, loading, failed]);
  return (
    <li ref={ref} className="list-end">
      {failed ? <Retry onRetry={onVisible} /> : <FormattedMessage id={finished ? 'common.noMore' : 'common.loading'} />}
    </li>
  );
}
