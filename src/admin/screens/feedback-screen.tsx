import { useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorHead, EditorPager } from '../editor-ui';
import { feedbackFlow, type FeedbackData } from '../site-flows';

/** What traders wrote on /feedback, newest first: who wrote it, and who handled it or a button to. */
export default function FeedbackScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(feedbackFlow);
  const view = useView(actor, connectEditor<FeedbackData>);
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.feedback')} view={view} send={actor.send} />
      <div className="table-wrap"><table aria-busy={view.isLoading}>
        <thead><tr>{['col.id', 'col.trader', 'feedback.text', 'feedback.contact', 'col.sent', 'feedback.handled'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{view.data?.data.map((f) => (
          <tr key={f.id}>
            <td>#{f.id}</td>
            <td>{f.user_id === null ? '—' : <>{f.email ?? '—'}<div className="muted">{intl.formatMessage({ id: 'feedback.userId' }, { id: f.user_id })}</div></>}</td>
            <td><div className="free-text">{f.text}</div></td><td><div className="free-text">{f.contact ?? '—'}</div></td><td><time>{f.created_at}</time></td>
            <td>
              {f.handled_at ? (
                <span className="muted">{intl.formatMessage({ id: 'feedback.handledBy' }, { who: f.handled_by ?? '—', at: f.handled_at })}</span>
              ) : (
                <button type="button" className="btn small" disabled={view.isSaving}
                  onClick={() => actor.send({ type: 'EDITOR.APPLY', target: `feedback:${f.id}`, fields: {} })}>
                  {t('feedback.markHandled')}
                </button>
              )}
            </td>
          </tr>
        ))}</tbody>
      </table></div>
      <EditorPager view={view} send={actor.send} total={view.data?.total ?? 0} />
    </section>
  );
}
