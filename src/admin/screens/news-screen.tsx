import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { asFields } from '../../../machines/backoffice/record-editor';
import { RECORDS } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead, EditorPager } from '../editor-ui';
import { newsFlow, type NewsData } from '../site-flows';

const fieldsOf = (item: Record<string, unknown>) => asFields(item, RECORDS.news.fields);

/** News: the list, writing one (title, description, logo picture, HTML body, language), publish and unpublish. */
export default function NewsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(newsFlow);
  const view = useView(actor, connectEditor<NewsData>);
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.news')} view={view} send={actor.send}>
        <button type="button" className="btn primary small" disabled={!view.isIdle}
          onClick={() => actor.send({ type: 'EDITOR.OPEN', target: 'news:new', fields: fieldsOf({ published: true }), required: [...RECORDS.news.required] })}>
          <FormattedMessage id="news.write" /></button>
      </EditorHead>
      <p className="muted"><FormattedMessage id="news.hint" /></p>
      <EditorForm view={view} send={actor.send} title={t('news.form')} upload />
      <div className="table-wrap"><table data-testid="news">
        <thead><tr>{['col.id', 'field.logo', 'field.title', 'field.lang', 'news.state', 'col.dated', 'col.actions'].map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
        <tbody>{view.data?.data.map((n) => (
          <tr key={n.id}>
            <td>#{n.id}</td>
            <td>{n.logo ? <img src={n.logo} alt="" className="logo-preview" /> : '—'}</td>
            <td><strong>{n.title}</strong><div className="muted">{n.desc}</div></td>
            <td>{n.lang ?? t('news.allLanguages')}</td>
            <td>{t(n.published ? 'news.published' : 'news.draft')}</td>
            <td><time>{n.created_at}</time></td>
            <td className="actions-cell">
              <button type="button" className="btn small" disabled={!view.isIdle}
                onClick={() => actor.send({ type: 'EDITOR.OPEN', target: `news:${n.id}`, fields: fieldsOf(n), required: [...RECORDS.news.required] })}>
                <FormattedMessage id="editor.edit" /></button>
              <button type="button" className="btn small" disabled={!view.isIdle}
                onClick={() => actor.send({ type: 'EDITOR.APPLY', target: `news:${n.id}`, fields: fieldsOf({ ...n, published: !n.published }) })}>
                <FormattedMessage id={n.published ? 'news.unpublish' : 'news.publish'} /></button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
      <EditorPager view={view} send={actor.send} total={view.data?.total ?? 0} />
    </section>
  );
}
