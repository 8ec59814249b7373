import { useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorHead, EditorPager } from '../editor-ui';
import { feedbackFlow, type FeedbackData } from '../site-flows';

/** What traders wrote on /feedback, newest first. */
export default function FeedbackScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(feedbackFlow);
  const view = useView(actor, connectEditor<FeedbackData>);
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.feedback')} view={view} send={actor.send} />
      <div className="table-wrap"><table aria-busy={view.isLoading}>
        <thead><tr>{['col.id', 'col.userId', 'feedback.text', 'feedback.contact', 'col.requested'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{view.data?.data.map((f) => (
          <tr key={f.id}><td>#{f.id}</td><td>{f.user_id ?? '—'}</td><td className="wrap">{f.text}</td><td>{f.contact ?? '—'}</td><td><time>{f.created_at}</time></td></tr>
        ))}</tbody>
      </table></div>
      <EditorPager view={view} send={actor.send} total={view.data?.total ?? 0} />
    </section>
  );
}
