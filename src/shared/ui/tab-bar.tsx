import { Link, useLocation } from 'wouter';
import { FormattedMessage } from 'react-intl';
import { Icon, type IconName } from './icons';

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/', label: 'tab.quotes', icon: 'quotes' },
  { to: '/trade', label: 'tab.trade', icon: 'trade' },
  { to: '/order', label: 'tab.orders', icon: 'orders' },
  { to: '/rank', label: 'tab.rank', icon: 'rank' },
];

export function TabBar() {
  const [path] = useLocation();
  return (
    <footer className="tabbar">
      <nav>
        {TABS.map((tab) => (
          <Link key={tab.to} href={tab.to} aria-current={path === tab.to ? 'page' : undefined}>
            <Icon name={tab.icon} />
            <FormattedMessage id={tab.label} />
          </Link>
        ))}
      </nav>
    </footer>
  );
}
