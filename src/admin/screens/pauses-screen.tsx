import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { PAUSE_SCOPES, pauseOf } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { pausesFlow, type SettingsData } from '../site-flows';

/**
 * Pauses: close the site, or pause trading, deposits or withdrawals with a message traders see.
 * Pausing opens a form for the message; resuming applies at once.
 */
export default function PausesScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(pausesFlow);
  const view = useView(actor, connectEditor<SettingsData>);
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.pauses')} view={view} send={actor.send} />
      <EditorForm view={view} send={actor.send} title={t('pauses.form')} />
      <div className="table-wrap"><table data-testid="pauses">
        <thead><tr><th scope="col">{t('pauses.scope')}</th><th scope="col">{t('pauses.state')}</th><th scope="col">{t('field.message')}</th><th scope="col">{t('col.actions')}</th></tr></thead>
        <tbody>{PAUSE_SCOPES.map((scope) => {
          const pause = pauseOf(view.data, scope);
          return (
            <tr key={scope} data-scope={scope}>
              <th scope="row">{t(`pauses.${scope}`)}</th>
              <td><span className={`badge ${pause.on ? 'paused' : 'running'}`}>{t(pause.on ? 'pauses.on' : 'pauses.off')}</span></td>
              <td>{pause.message || '—'}</td>
              <td>{pause.on ? (
                <button type="button" className="btn small" disabled={!view.isIdle}
                  onClick={() => actor.send({ type: 'EDITOR.APPLY', target: `pause:${scope}`, fields: { on: '0', message: '' } })}>
                  <FormattedMessage id="pauses.resume" /></button>
              ) : (
                <button type="button" className="btn small danger" disabled={!view.isIdle}
                  onClick={() => actor.send({ type: 'EDITOR.OPEN', target: `pause:${scope}`, fields: { message: '' } })}>
                  <FormattedMessage id={`pauses.pause.${scope}`} /></button>
              )}</td>
            </tr>
          );
        })}</tbody>
      </table></div>
    </section>
  );
}
