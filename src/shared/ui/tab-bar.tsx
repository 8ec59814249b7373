import { Link, useLocation } from 'wouter';
import { FormattedMessage } from 'react-intl';
import { Icon, ICONS } from './icons';

const TABS: { to: string; label: string; icon: string }[] = [
  { to: '/', label: 'tab.quotes', icon: ICONS.quotes },
  { to: '/trade', label: 'tab.trade', icon: ICONS.trade },
  { to: '/order', label: 'tab.orders', icon: ICONS.orders },
  { to: '/rank', label: 'tab.rank', icon: ICONS.rank },
];

export function TabBar() {
  const [path] = useLocation();
  return (
    <footer className="tabbar">
      <nav>
        {TABS.map((tab) => (
          <Link key={tab.to} href={tab.to} aria-current={path === tab.to ? 'page' : undefined}>
            <Icon d={tab.icon} />
            <FormattedMessage id={tab.label} />
          </Link>
        ))}
      </nav>
    </footer>
  );
}
