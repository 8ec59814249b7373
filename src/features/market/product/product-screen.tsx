import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { connectProductPage } from '../../../../machines/market/product-page.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Page } from '../../../shared/ui/page';
import { productPageFlow } from '../market-flows';
import { CompanyDirectory } from './company-directory';
import { ProductSearch } from './product-search';

/** /product: the product search, or the company directory when staff set the main mode. */
export default function ProductScreen() {
  const intl = useIntl();
  const { mode } = useView(useFlow(useMemo(productPageFlow, [])), connectProductPage);
  return (
    <Page title={intl.formatMessage({ id: mode === 'directory' ? 'company.title' : 'screen.product' })}>
      {mode === 'search' && <ProductSearch />}
      {mode === 'directory' && <CompanyDirectory />}
    </Page>
  );
}
