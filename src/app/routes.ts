import { lazy, type ComponentType } from 'react';
import { codeChunk } from '../shared/navigation/code-chunk';

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

const Home = lazy(codeChunk(() => import('../features/market/home/home-screen')));

/** Every screen but home waits for the shared strings and styles the first paint does without. */
function withScreensShared<T>(load: () => Promise<T>) {
  return codeChunk(() => Promise.all([load(), import('../shared/screens/screens').then((m) => m.screensMessages)]).then(([loaded]) => loaded));
}

const Login = lazy(withScreensShared(() => import('../features/accounts/login/login-screen')));
const Register = lazy(withScreensShared(() => import('../features/accounts/register/register-screen')));
const Forgot = lazy(withScreensShared(() => import('../features/accounts/forgot/forgot-screen')));
const Password = lazy(withScreensShared(() => import('../features/accounts/password/password-screen')));
const System = lazy(withScreensShared(() => import('../features/accounts/system/system-screen')));
const Language = lazy(withScreensShared(() => import('../features/accounts/language/language-screen')));
const User = lazy(withScreensShared(() => import('../features/accounts/user/user-screen')));
const Trade = lazy(withScreensShared(() => import('../features/trading/trade/trade-screen')));
const Product = lazy(withScreensShared(() => import('../features/market/product/product-screen')));
const Orders = lazy(withScreensShared(() => import('../features/trading/orders/orders-screen')));
const History = lazy(withScreensShared(() => import('../features/trading/history/history-screen')));
const Deposit = lazy(withScreensShared(() => import('../features/funds/deposit/deposit-screen')));
const Withdraw = lazy(withScreensShared(() => import('../features/funds/withdraw/withdraw-screen')));
const Wallet = lazy(withScreensShared(() => import('../features/funds/wallet/wallet-screen')));
const PayoutList = lazy(withScreensShared(() => import('../features/funds/payout/payout-list-screen'))) as unknown as ComponentType<Record<string, unknown>>;
const BindWay = lazy(withScreensShared(() => import('../features/funds/payout/bind-way-screen')));
const Auth = lazy(withScreensShared(() => import('../features/identity/auth/auth-screen')));
const Rank = lazy(withScreensShared(() => import('../features/ranking/rank/rank-screen')));
const News = lazy(withScreensShared(() => import('../features/content/news/news-list-screen')));
const NewsDetail = lazy(withScreensShared(() => import('../features/content/news/news-detail-screen')));
const Invite = lazy(withScreensShared(() => import('../features/content/invite/invite-screen')));
const ComplaintEmail = lazy(withScreensShared(() => import('../features/content/email/email-screen')));
const Announcement = lazy(withScreensShared(() => import('../features/content/announcement/announcement-screen')));
const Chat = lazy(withScreensShared(() => import('../features/content/support/chat-screen')));
/** Demo accounts cannot open real-only screens (spec section 5). */
export const RealOnly = lazy(withScreensShared(() => import('../shared/screens/real-only')));
const Feedback = lazy(withScreensShared(() => import('../features/content/feedback/feedback-screen')));

export const ROUTES: RouteDef[] = [
  { path: '/', screen: Home, tabs: true },
  { path: '/trade', screen: Trade, tabs: true },
  { path: '/order', screen: Orders, tabs: true, login: true },
  { path: '/user', screen: User, login: true },
  { path: '/news', screen: News, tabs: true },
  { path: '/news/detail', screen: NewsDetail },
  { path: '/rank', screen: Rank, tabs: true },
  { path: '/feedback', screen: Feedback },
  { path: '/login', screen: Login },
  { path: '/register', screen: Register },
  { path: '/forgot', screen: Forgot },
  { path: '/product', screen: Product },
  { path: '/mine/auth', screen: Auth, login: true, realOnly: true },
  { path: '/mine/invite', screen: Invite, login: true, realOnly: true },
  { path: '/mine/email', screen: ComplaintEmail },
  { path: '/mine/announcement', screen: Announcement },
  { path: '/mine/password', screen: Password, login: true, realOnly: true },
  { path: '/mine/history', screen: History, login: true },
  { path: '/mine/charge', screen: Deposit, login: true },
  { path: '/mine/withdraw', screen: Withdraw, login: true, realOnly: true },
  { path: '/mine/chat', screen: Chat },
  { path: '/mine/system', screen: System, login: true },
  { path: '/mine/wallet', screen: Wallet, login: true, realOnly: true },
  // type: DRAW_TYPE.bank / .address, written as numbers so the funds contract stays out of the first bundle.
  { path: '/mine/bank-card-list', screen: PayoutList, props: { type: 2 }, login: true, realOnly: true },
  { path: '/mine/coin-address-list', screen: PayoutList, props: { type: 1 }, login: true, realOnly: true },
  { path: '/mine/withdraw-way', screen: BindWay, login: true, realOnly: true },
  { path: '/language', screen: Language },
];
