import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { asFields } from '../../../machines/backoffice/record-editor';
import { RECORDS, type RecordKind } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { fundsFlow, type FundsData } from '../site-flows';
import { Destination, Money } from '../ui';

type ChannelKind = Exclude<RecordKind, 'news' | 'company' | 'category' | 'area'>;
const NEW_DEFAULTS: Record<ChannelKind, Record<string, unknown>> = {
  network: { active: true }, bank_coin: { active: true }, wire_account: { active: true }, currency: { type: 1, fee_type: 1, active: true },
};

/** Funds settings: coin networks with their deposit address, wire bank accounts, withdrawal currencies, limits, four eyes. */
export default function FundsSettingsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(fundsFlow);
  const view = useView(actor, connectEditor<FundsData>);
  const open = (kind: ChannelKind, row?: { id: number } & Record<string, unknown>) => actor.send({
    type: 'EDITOR.OPEN', target: `${kind}:${row?.id ?? 'new'}`, fields: asFields(row ?? NEW_DEFAULTS[kind], RECORDS[kind].fields), required: [...RECORDS[kind].required],
  });
  const channels = view.data?.channels;
  const edit = (kind: ChannelKind, row: { id: number } & Record<string, unknown>) => (
    <td><button type="button" className="btn small" disabled={!view.isIdle} onClick={() => open(kind, row)}><FormattedMessage id="editor.edit" /></button></td>
  );
  const add = (kind: ChannelKind) => (
    <button type="button" className="btn small" disabled={!view.isIdle} onClick={() => open(kind)}><FormattedMessage id={`funds.add.${kind}`} /></button>
  );
  const flags = (row: { active: boolean; example?: boolean }) => (
    <td>{t(row.active ? 'common.yes' : 'common.no')}{row.example ? <span className="badge"><FormattedMessage id="funds.example" /></span> : null}</td>
  );
  const threshold = String(view.data?.settings.four_eyes_threshold ?? '');

  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.funds')} view={view} send={actor.send} />
      <EditorForm view={view} send={actor.send} title={t('editor.title')} />

      <section className="card" aria-labelledby="four-eyes-title">
        <h2 id="four-eyes-title"><FormattedMessage id="funds.fourEyes" /></h2>
        <p><Money value={threshold || 0} unit="USD" /> <button type="button" className="btn small" disabled={!view.isIdle}
          onClick={() => actor.send({ type: 'EDITOR.OPEN', target: 'setting:four_eyes_threshold', fields: { four_eyes_threshold: threshold }, required: ['four_eyes_threshold'] })}>
          <FormattedMessage id="editor.edit" /></button></p>
      </section>

      <h2><FormattedMessage id="funds.networks" /> {add('network')}</h2>
      <div className="table-wrap"><table data-testid="networks">
        <thead><tr>{['field.currency_code', 'field.protocol_code', 'field.address', 'funds.limits', 'field.active', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{channels?.networks.map((n) => (
          <tr key={n.id}><td>{n.currency_code}</td><td>{n.protocol_code}</td><td><Destination parts={[n.address]} /></td>
            <td><Money value={n.min_amount} /> – <Money value={n.max_amount} /></td>{flags(n)}{edit('network', n)}</tr>
        ))}</tbody>
      </table></div>

      <h2><FormattedMessage id="funds.bankCoins" /> {add('bank_coin')}</h2>
      <div className="table-wrap"><table>
        <thead><tr>{['col.id', 'field.name', 'field.active', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{channels?.bank_coins.map((b) => <tr key={b.id}><td>{b.id}</td><td>{b.name}</td>{flags(b)}{edit('bank_coin', b)}</tr>)}</tbody>
      </table></div>

      <h2><FormattedMessage id="funds.wireAccounts" /> {add('wire_account')}</h2>
      <div className="table-wrap"><table>
        <thead><tr>{['field.bank_name', 'field.payee_name', 'field.payee_account', 'field.bank_swift', 'funds.limits', 'field.active', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{channels?.wire_accounts.map((w) => (
          <tr key={w.id}><td>{w.bank_name}</td><td>{w.payee_name}</td><td>{w.payee_account}</td><td>{w.bank_swift}</td>
            <td><Money value={w.min_amount} /> – <Money value={w.max_amount} /></td>{flags(w)}{edit('wire_account', w)}</tr>
        ))}</tbody>
      </table></div>

      <h2><FormattedMessage id="funds.currencies" /> {add('currency')}</h2>
      <div className="table-wrap"><table>
        <thead><tr>{['field.type', 'field.code', 'field.protocol', 'field.fee_type', 'field.draw_rate', 'field.usd_price', 'field.min_amount', 'field.active', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{channels?.currencies.map((c) => (
          <tr key={c.id}><td>{t(`choice.type.${c.type}`)}</td><td>{c.code}</td><td>{c.protocol}</td><td>{t(`choice.fee_type.${c.fee_type}`)}</td>
            <td>{c.draw_rate}</td><td>{c.usd_price}</td><td><Money value={c.min_amount} /></td>{flags(c)}{edit('currency', c)}</tr>
        ))}</tbody>
      </table></div>
    </section>
  );
}
