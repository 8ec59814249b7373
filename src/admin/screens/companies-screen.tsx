import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { asFields } from '../../../machines/backoffice/record-editor';
import { RECORDS } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { companiesFlow, type CompaniesData } from '../site-flows';

/** The company directory (main mode): the companies traders see, and the form to add or change one. */
export default function CompaniesScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(companiesFlow);
  const view = useView(actor, connectEditor<CompaniesData>);
  const open = (target: string, row: Record<string, unknown>) =>
    actor.send({ type: 'EDITOR.OPEN', target, fields: asFields(row, RECORDS.company.fields), required: [...RECORDS.company.required] });
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.companies')} view={view} send={actor.send}>
        <button type="button" className="btn primary small" disabled={!view.isIdle} onClick={() => open('company:new', { active: true })}>
          <FormattedMessage id="companies.add" /></button>
      </EditorHead>
      <p className="muted"><FormattedMessage id="companies.hint" /></p>
      <EditorForm view={view} send={actor.send} title={t('editor.title')} upload />
      <div className="table-wrap"><table>
        <thead><tr>{['col.id', 'field.name', 'field.url', 'field.location', 'field.email', 'field.active', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{view.data?.map((c) => (
          <tr key={c.id}><td>#{c.id}</td><td>{c.name}</td><td>{c.url}</td><td>{c.location}</td><td>{c.email}</td><td>{t(c.active ? 'common.yes' : 'common.no')}</td>
            <td><button type="button" className="btn small" disabled={!view.isIdle} onClick={() => open(`company:${c.id}`, c)}>
              <FormattedMessage id="editor.edit" /></button></td></tr>
        ))}</tbody>
      </table></div>
    </section>
  );
}
