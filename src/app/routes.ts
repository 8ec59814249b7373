import { lazy, type ComponentType } from 'react';

/** Every route of spec section 2, with who may see it and whether the tab bar shows. */
export interface RouteDef {
  path: string;
  screen: ComponentType<Record<string, unknown>>;
  props?: Record<string, unknown>;
  login?: boolean;
  /** Demo accounts are told to use a real account instead. */
  realOnly?: boolean;
  tabs?: boolean;
}

const Home = lazy(() => import('../features/market/home/home-screen'));
const Login = lazy(() => import('../features/accounts/login/login-screen'));
const Register = lazy(() => import('../features/accounts/register/register-screen'));
const Forgot = lazy(() => import('../features/accounts/forgot/forgot-screen'));
const Password = lazy(() => import('../features/accounts/password/password-screen'));
const System = lazy(() => import('../features/accounts/system/system-screen'));
const Language = lazy(() => import('../features/accounts/language/language-screen'));
const User = lazy(() => import('../features/accounts/user/user-screen'));
const Trade = lazy(() => import('../features/trading/trade/trade-screen'));
const Product = lazy(() => import('../features/market/product/product-screen'));
const Orders = lazy(() => import('../features/trading/orders/orders-screen'));
const History = lazy(() => import('../features/trading/history/history-screen'));
const Deposit = lazy(() => import('../features/funds/deposit/deposit-screen'));
const Withdraw = lazy(() => import('../features/funds/withdraw/withdraw-screen'));
const Wallet = lazy(() => import('../features/funds/wallet/wallet-screen'));
const PayoutList = lazy(() => import('../features/funds/payout/payout-list-screen')) as unknown as ComponentType<Record<string, unknown>>;
const BindWay = lazy(() => import('../features/funds/payout/bind-way-screen'));
const Auth = lazy(() => import('../features/identity/auth/auth-screen'));
const Rank = lazy(() => import('../features/ranking/rank/rank-screen'));
const Placeholder = lazy(() => import('./placeholder/placeholder-screen')) as unknown as ComponentType<Record<string, unknown>>;

const soon = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path, screen: Placeholder, props: { title, back: !extra.tabs }, ...extra,
});

export const ROUTES: RouteDef[] = [
  { path: '/', screen: Home, tabs: true },
  { path: '/trade', screen: Trade, tabs: true },
  { path: '/order', screen: Orders, tabs: true, login: true },
  { path: '/user', screen: User, login: true },
  soon('/news', 'screen.news', { tabs: true }),
  soon('/news/detail', 'screen.newsDetail'),
  { path: '/rank', screen: Rank, tabs: true },
  soon('/feedback', 'screen.feedback'),
  { path: '/login', screen: Login },
  { path: '/register', screen: Register },
  { path: '/forgot', screen: Forgot },
  { path: '/product', screen: Product },
  { path: '/mine/auth', screen: Auth, login: true, realOnly: true },
  soon('/mine/invite', 'screen.invite', { login: true, realOnly: true }),
  soon('/mine/email', 'screen.email'),
  soon('/mine/announcement', 'screen.announcement'),
  { path: '/mine/password', screen: Password, login: true, realOnly: true },
  { path: '/mine/history', screen: History, login: true },
  { path: '/mine/charge', screen: Deposit, login: true },
  { path: '/mine/withdraw', screen: Withdraw, login: true, realOnly: true },
  soon('/mine/chat', 'screen.chat'),
  { path: '/mine/system', screen: System, login: true },
  { path: '/mine/wallet', screen: Wallet, login: true, realOnly: true },
  // type: DRAW_TYPE.bank / .address, written as numbers so the funds contract stays out of the first bundle.
  { path: '/mine/bank-card-list', screen: PayoutList, props: { type: 2 }, login: true, realOnly: true },
  { path: '/mine/coin-address-list', screen: PayoutList, props: { type: 1 }, login: true, realOnly: true },
  { path: '/mine/withdraw-way', screen: BindWay, login: true, realOnly: true },
  { path: '/language', screen: Language },
];
