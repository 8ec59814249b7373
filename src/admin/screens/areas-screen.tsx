import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { asFields } from '../../../machines/backoffice/record-editor';
import { RECORDS } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { areasFlow, type AreasData } from '../site-flows';

/** The area codes of registration by mobile: add, change, make inactive, remove one nobody used. */
export default function AreasScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(areasFlow);
  const view = useView(actor, connectEditor<AreasData>);
  const open = (target: string, row: Record<string, unknown>) =>
    actor.send({ type: 'EDITOR.OPEN', target, fields: asFields(row, RECORDS.area.fields), required: [...RECORDS.area.required] });
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.areas')} view={view} send={actor.send}>
        <button type="button" className="btn primary small" disabled={!view.isIdle} onClick={() => open('area:new', { active: true })}>
          <FormattedMessage id="areas.add" /></button>
      </EditorHead>
      <p className="muted"><FormattedMessage id="areas.hint" /></p>
      <EditorForm view={view} send={actor.send} title={t('editor.title')} />
      <div className="table-wrap"><table>
        <thead><tr>{['col.id', 'field.code', 'field.global_code', 'field.active', 'areas.accounts', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{view.data?.map((a) => (
          <tr key={a.id}><td>#{a.id}</td><td>{a.code}</td><td>+{a.global_code}</td><td>{t(`choice.active.${a.active ? 1 : 0}`)}</td><td>{a.accounts}</td>
            <td>
              <button type="button" className="btn small" disabled={!view.isIdle} onClick={() => open(`area:${a.id}`, a)}>
                <FormattedMessage id="editor.edit" /></button>
              {a.accounts === 0 && (
                <button type="button" className="btn small danger" disabled={!view.isIdle}
                  onClick={() => actor.send({ type: 'EDITOR.APPLY', target: `area_remove:${a.id}`, fields: {} })}>
                  <FormattedMessage id="areas.remove" /></button>
              )}
            </td></tr>
        ))}</tbody>
      </table></div>
    </section>
  );
}
