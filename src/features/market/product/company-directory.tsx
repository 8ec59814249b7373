import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectCompanyDirectory } from '../../../../machines/market/company-directory.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Sheet } from '../../../shared/ui/sheet';
import { directoryFlow } from '../market-flows';
import { marketMessages } from '../messages';
import './company.css';

await marketMessages;

/** The company directory: search by name; a company's detail opens in a sheet. */
export function CompanyDirectory() {
  const intl = useIntl();
  const flow = useFlow(useMemo(directoryFlow, []));
  const { query, results, open, isLoading, isEmpty, isFailed } = useView(flow, connectCompanyDirectory);
  const label = intl.formatMessage({ id: 'company.search' });
  return (
    <>
      <div className="content">
        <input className="input" type="search" inputMode="search" enterKeyHint="search" aria-label={label} placeholder={label}
          value={query} onChange={(e) => flow.send({ type: 'QUERY.CHANGE', value: e.target.value })} />
      </div>
      {isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
      {isEmpty && <p className="empty"><FormattedMessage id="common.noData" /></p>}
      {isFailed && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {results.length > 0 && (
        <ul className="menu" style={{ margin: '0 16px' }}>
          {results.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => flow.send({ type: 'COMPANY.OPEN', id: c.id })}>
                <span className="company-row">
                  {c.logo && <img src={c.logo} alt="" width={28} height={28} loading="lazy" />}
                  <bdi>{c.name}</bdi>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Sheet open={open !== undefined} onClose={() => flow.send({ type: 'COMPANY.CLOSE' })} label={open?.name ?? label}>
        {open && (
          <div className="content company-detail">
            <h2>{open.logo && <img src={open.logo} alt="" width={40} height={40} />} <bdi>{open.name}</bdi></h2>
            <dl>
              <dt><FormattedMessage id="company.url" /></dt>
              <dd><a href={open.url} target="_blank" rel="noopener noreferrer">{open.url}</a></dd>
              <dt><FormattedMessage id="company.subject" /></dt>
              <dd dir="auto">{open.subject}</dd>
              <dt><FormattedMessage id="company.registeredAddress" /></dt>
              <dd dir="auto">{open.registered_address}</dd>
              <dt><FormattedMessage id="company.location" /></dt>
              <dd dir="auto">{open.location}</dd>
              <dt><FormattedMessage id="company.email" /></dt>
              <dd><a href={`mailto:${open.email}`}>{open.email}</a></dd>
            </dl>
            <button type="button" className="btn" onClick={() => flow.send({ type: 'COMPANY.CLOSE' })}><FormattedMessage id="company.close" /></button>
          </div>
        )}
      </Sheet>
    </>
  );
}
