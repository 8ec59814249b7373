import { FormattedMessage, useIntl } from 'react-intl';
import { PRODUCT_FIELDS, type ProductField, type ProductSettingsItem } from '../../../contract/backoffice';
import { LANGUAGES } from '../../../contract/fields';
import { connectEditor } from '../../../machines/backoffice/record-editor.connect';
import { asFields } from '../../../machines/backoffice/record-editor';
import { CHOICES, RECORDS } from '../../../machines/backoffice/site-records';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { EditorForm, EditorHead } from '../editor-ui';
import { productsFlow, type ProductsData } from '../site-flows';

/**
 * Products, one field at a time (applied to the running market at once), and categories with their
 * names in the 21 languages.
 */
export default function ProductsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(productsFlow);
  const view = useView(actor, connectEditor<ProductsData>);
  const categoryName = (id: number) => view.data?.categories.find((c) => c.id === id)?.names.en ?? String(id);
  const shown = (p: ProductSettingsItem, field: ProductField) =>
    field === 'category' ? categoryName(p.category) : CHOICES[field] ? t(`choice.${field}.${p[field]}`) : asFields(p, [field])[field];
  // The form says which product and which of its fields it edits (`product:<id>:<field>`, `category:<id>`).
  const [kind, id, field] = view.draft?.target.split(':') ?? [];
  const editing = kind === 'product' ? view.data?.products.find((p) => String(p.id) === id) : undefined;
  const formTitle = editing ? intl.formatMessage({ id: 'products.editTitle' }, { code: editing.show_code, field: t(`field.${field}`) })
    : kind === 'category' ? (id === 'new' ? t('products.newCategory') : intl.formatMessage({ id: 'products.editCategory' }, { id }))
    : t('editor.title');
  const openCategory = (target: string, names: Record<string, unknown>) =>
    actor.send({ type: 'EDITOR.OPEN', target, fields: asFields(names, RECORDS.category.fields), required: [...RECORDS.category.required] });

  return (
    <section aria-labelledby="screen-title">
      <EditorHead title={t('screen.products')} view={view} send={actor.send} />
      <EditorForm view={view} send={actor.send} title={formTitle} />
      <div className="table-wrap"><table data-testid="products">
        <thead><tr><th scope="col">{t('products.code')}</th><th scope="col">{t('products.open')}</th>
          {PRODUCT_FIELDS.map((f) => <th key={f} scope="col">{t(`field.${f}`)}</th>)}</tr></thead>
        <tbody>{view.data?.products.map((p) => (
          <tr key={p.id} data-code={p.code}>
            <th scope="row">{p.show_code}</th>
            <td>{t(p.open ? 'common.yes' : 'common.no')}</td>
            {PRODUCT_FIELDS.map((field) => (
              // Named by what it shows first, so "click 0.01" finds it by voice. No leverage at all is
              // allowed: the product then takes no new order (the contract's leverageList).
              <td key={field}>
                <button type="button" className="link" disabled={!view.isIdle} aria-label={intl.formatMessage({ id: 'products.editField' }, { value: String(shown(p, field)), field: t(`field.${field}`), code: p.code })}
                  onClick={() => actor.send({ type: 'EDITOR.OPEN', target: `product:${p.id}:${field}`, fields: asFields(p, [field]), required: field === 'leverages' ? [] : [field] })}>
                  {shown(p, field) || '—'}
                </button>
              </td>
            ))}
          </tr>
        ))}</tbody>
      </table></div>

      <h2><FormattedMessage id="products.categories" />{' '}
        <button type="button" className="btn small" disabled={!view.isIdle} onClick={() => openCategory('category:new', {})}><FormattedMessage id="products.addCategory" /></button>
      </h2>
      <div className="table-wrap"><table>
        <thead><tr><th scope="col">{t('col.id')}</th><th scope="col">{t('field.sort')}</th><th scope="col">{t('products.names')}</th><th scope="col">{t('col.actions')}</th></tr></thead>
        <tbody>{view.data?.categories.map((c) => (
          <tr key={c.id}><td>{c.id}</td><td>{c.sort}</td>
            <td className="wrap">{LANGUAGES.map((lang) => `${lang}: ${c.names[lang] ?? '—'}`).join(' · ')}</td>
            <td><button type="button" className="btn small" disabled={!view.isIdle} onClick={() => openCategory(`category:${c.id}`, { sort: c.sort, ...c.names })}>
              <FormattedMessage id="editor.edit" /></button></td></tr>
        ))}</tbody>
      </table></div>
    </section>
  );
}
