import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { connectSession } from '../../../../machines/accounts/session.connect';
import { ALL_CATEGORIES } from '../../../../machines/market/product-list';
import { connectProductList } from '../../../../machines/market/product-list.connect';
import { go } from '../../../shared/navigation/navigation';
import { useView } from '../../../shared/flow/use-view';
import { useStale } from '../../../shared/live/connection-banner';
import { productListActor, sessionActor } from '../../../shared/root/root-actor';
import { selectedProduct } from '../../../shared/live/selected-product';
import { Icon, ICONS } from '../../../shared/ui/icons';
import { useScreenTitle } from '../../../shared/ui/screen-title';
import { ProductRow, SkeletonRows } from './product-row';

const openProduct = (id: number) => {
  selectedProduct.set(id);
  go('/trade');
};

/** Home: category chips, the live quotes list; a row opens /trade. The header leads to language, news, search and the account. */
export default function HomeScreen() {
  const intl = useIntl();
  const list = productListActor();
  const signedIn = useSelector(sessionActor(), (s) => connectSession(s).isSignedIn);
  const { phase, categories, categoryId, visible: products } = useView(list, connectProductList);
  const stale = useStale();
  useScreenTitle(intl.formatMessage({ id: 'screen.home' }));

  return (
    <main className="page">
      <header className="page-header">
        <div className="side" style={{ width: 88 }}>
          <Link href="/language" className="icon-btn" aria-label={intl.formatMessage({ id: 'language.title' })}><Icon d={ICONS.globe} /></Link>
          <Link href="/news" className="icon-btn" aria-label={intl.formatMessage({ id: 'screen.news' })}><Icon d={ICONS.news} /></Link>
        </div>
        <h1>{intl.formatMessage({ id: 'screen.home' })}</h1>
        <div className="side" style={{ width: 88 }}>
          <Link href="/product" className="icon-btn" aria-label={intl.formatMessage({ id: 'screen.product' })}><Icon d={ICONS.search} /></Link>
          <Link href={signedIn ? '/user' : '/login'} className="icon-btn" data-testid="account-link"
            aria-label={intl.formatMessage({ id: signedIn ? 'home.account' : 'home.login' })}><Icon d={ICONS.user} /></Link>
        </div>
      </header>
      <nav className="chips" aria-label={intl.formatMessage({ id: 'home.categories' })}>
        {[{ Id: ALL_CATEGORIES, NameShowTrans: intl.formatMessage({ id: 'home.all' }) }, ...categories].map((c) => (
          <button key={c.Id} type="button" className="chip" aria-pressed={c.Id === categoryId}
            onClick={() => list.send({ type: 'CATEGORY.SELECT', id: c.Id })}>
            {c.NameShowTrans}
          </button>
        ))}
      </nav>
      {phase === 'loading' && <SkeletonRows />}
      {phase === 'failed' && (
        <div className="empty">
          <p><FormattedMessage id="common.loadFailed" /></p>
          <button type="button" className="btn" onClick={() => list.send({ type: 'LIST.REFRESH' })}><FormattedMessage id="common.retry" /></button>
        </div>
      )}
      {phase === 'ready' && (
        products.length === 0 ? (
          <p className="empty"><FormattedMessage id="common.noData" /></p>
        ) : (
          <>
            <ul className={`product-list${stale ? ' stale' : ''}`}>
              {products.map((p) => <ProductRow key={p.Id} product={p} onOpen={openProduct} />)}
            </ul>
            <p className="list-end"><FormattedMessage id="common.noMore" /></p>
          </>
        )
      )}
    </main>
  );
}
