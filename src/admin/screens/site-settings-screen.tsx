import { FormattedMessage, useIntl } from 'react-intl';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { CHOICES, SITE_SETTINGS, settingValue } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { siteSettingsFlow, type SettingsData } from '../site-flows';

/** Settings whose change silently changes others' meaning: staff read why beside them. */
const HINTS: Partial<Record<(typeof SITE_SETTINGS)[number], string>> = {
  trade_fee_type: 'site.tradeFeeHint', stop_out_level: 'site.stopOutHint', loss_url: 'site.lossUrlHint',
};

/** Site settings by their flat names, each edited on its own and applied at once. */
export default function SiteSettingsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(siteSettingsFlow);
  const view = useView(actor, connectEditor<SettingsData>);
  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.site')} view={view} send={actor.send} />
      <EditorForm view={view} send={actor.send} title={t('editor.title')} />
      <div className="table-wrap"><table data-testid="site-settings">
        <thead><tr><th scope="col">{t('site.setting')}</th><th scope="col">{t('site.value')}</th><th scope="col">{t('col.actions')}</th></tr></thead>
        <tbody>{SITE_SETTINGS.map((key) => {
          const value = settingValue(view.data, key);
          return (
            <tr key={key} data-setting={key}>
              <th scope="row">{t(`field.${key}`)}{HINTS[key] && <div className="muted hint">{t(HINTS[key])}</div>}</th>
              <td>{CHOICES[key] ? t(`choice.${key}.${value}`) : value || '—'}</td>
              <td><button type="button" className="btn small" disabled={!view.isIdle}
                onClick={() => actor.send({ type: 'EDITOR.OPEN', target: `setting:${key}`, fields: { [key]: value } })}><FormattedMessage id="editor.edit" /></button></td>
            </tr>
          );
        })}</tbody>
      </table></div>
    </section>
  );
}
