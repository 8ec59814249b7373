import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BACKOFFICE_PAGE } from '../../contract/backoffice';
import type { connectEditor } from '../../machines/backoffice/record-editor.connect';
import { pageCount } from '../../machines/backoffice/review-queue';
import type { EditorEvent } from '../../machines/backoffice/record-editor';
import { CHOICES } from '../../machines/backoffice/site-records';
import { Field, NoticeLine, Pager } from './ui';

type EditorView = ReturnType<typeof connectEditor<unknown>>;
type Send = (event: EditorEvent) => void;

/** Long texts get a textarea. */
const MULTILINE = new Set(['content', 'announcement', 'bank_address', 'bank_remark', 'subject', 'registered_address', 'desc']);

/** A field's label: its own name, or a language's for a category's names. */
export function useFieldLabel() {
  const intl = useIntl();
  return (name: string) => intl.formatMessage({ id: `field.${name}`, defaultMessage: intl.formatMessage({ id: 'field.nameIn' }, { lang: name }) });
}

/**
 * The open record as a form: a select for fields with a short list of values, a textarea for long
 * texts, a picture upload for `logo`; Save and Cancel; the first empty required field named.
 */
export function EditorForm({ view, send, title, upload }: { view: EditorView; send: Send; title: string; upload?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = useFieldLabel();
  const draft = view.draft;
  const form = useRef<HTMLElement>(null);
  // Opened, the form takes the focus to its first field (it opens above the list, far from the
  // button); closed, the focus goes back to that button (focus-place.ts).
  const open = !!draft;
  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [open]);
  if (!draft) return null;
  const busy = view.isSaving || view.isUploading;
  return (
    <section ref={form} className="card editor" aria-labelledby="editor-title"
      onKeyDown={(e) => { if (e.key === 'Escape' && !busy) send({ type: 'EDITOR.CANCEL' }); }}>
      <h2 id="editor-title">{title}</h2>
      <form className="grid-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'EDITOR.SAVE' }); }}>
        {Object.entries(draft.fields).map(([name, value]) => {
          const choices = CHOICES[name];
          const change = (next: string) => send({ type: 'EDITOR.FIELD', name, value: next });
          if (choices) {
            return (
              <div className="field" key={name}>
                <label htmlFor={`f-${name}`}>{label(name)}</label>
                <select id={`f-${name}`} name={name} value={value} onChange={(e) => change(e.target.value)}>
                  {choices.map((c) => <option key={c} value={c}>{t(`choice.${name}.${c}`)}</option>)}
                </select>
              </div>
            );
          }
          return (
            <div key={name} className={MULTILINE.has(name) ? 'wide' : undefined}>
              <Field label={label(name)} name={name} value={value} multiline={MULTILINE.has(name)} onChange={(e) => change(e.target.value)} />
              {name === 'logo' && upload ? (
                <div className="upload">
                  {value ? <img src={value} alt={t('field.logo')} className="logo-preview" /> : null}
                  <label className="btn small">
                    <FormattedMessage id={view.isUploading ? 'editor.uploading' : 'editor.upload'} />
                    <input type="file" accept="image/jpeg,image/png,image/webp" hidden disabled={busy}
                      onChange={(e) => { const file = e.target.files?.[0]; if (file) send({ type: 'EDITOR.UPLOAD', field: name, file }); e.target.value = ''; }} />
                  </label>
                </div>
              ) : null}
            </div>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="btn primary" disabled={busy}><FormattedMessage id="editor.save" /></button>
          <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'EDITOR.CANCEL' })}><FormattedMessage id="editor.cancel" /></button>
        </div>
      </form>
      <p className="problem" role="alert">{view.problem ? <FormattedMessage id="editor.required" values={{ field: label(view.problem) }} /> : null}</p>
    </section>
  );
}

/** A screen's head: its title, a refresh, the server's last message, and its own buttons. */
export function EditorHead({ title, view, send, children }: { title: string; view: EditorView; send: Send; children?: ReactNode }) {
  return (
    <>
      <header className="screen-head">
        <h1 id="screen-title">{title}</h1>
        {children}
        <button type="button" className="btn small" disabled={!view.isIdle && !view.isFailed} onClick={() => send({ type: 'EDITOR.RELOAD' })}>
          <FormattedMessage id="queue.refresh" />
        </button>
      </header>
      <NoticeLine notice={view.notice} />
    </>
  );
}

/** Pages of a list the editor loads a page at a time. */
export function EditorPager({ view, send, total }: { view: EditorView; send: Send; total: number }) {
  const pages = pageCount(total, BACKOFFICE_PAGE);
  return <Pager page={view.page} pages={pages} total={total} onPage={(page) => send({ type: 'EDITOR.PAGE', page })} />;
}
