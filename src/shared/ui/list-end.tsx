import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The last row of an infinite list: asks for more whenever it scrolls into view (again after each
 * page, in case it is still in view), and says whether more is coming.
 */
export function ListEnd({ finished, rows, onVisible }: { finished: boolean; rows: number; onVisible: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible, rows]);
  return <li ref={ref} className="list-end"><FormattedMessage id={finished ? 'common.noMore' : 'common.loading'} /></li>;
}
