import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl, type IntlShape } from 'react-intl';
import type { Notice } from '../../machines/backoffice/refusal';
import { waitedParts } from '../../machines/backoffice/review-queue.connect';

/** The server's message after a call: good news politely, a refusal as an alert. */
export function NoticeLine({ notice, extra, onDismiss }: { notice: Notice | undefined; extra?: ReactNode; onDismiss?: () => void }) {
  if (!notice) return <div className="notice-slot" />;
  return (
    <div className={`notice ${notice.tone}`} role={notice.tone === 'refused' ? 'alert' : 'status'} data-testid="notice">
      <span>{notice.text}</span>
      {extra}
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}><FormattedMessage id="common.dismiss" /></button>
      ) : null}
    </div>
  );
}

/** Page x of y with its neighbours. */
export function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'pager.label' })}>
      <button type="button" className="btn small" disabled={page <= 1} onClick={() => onPage(page - 1)}><FormattedMessage id="pager.previous" /></button>
      <span><FormattedMessage id="pager.position" values={{ page, pages, total }} /></span>
      <button type="button" className="btn small" disabled={page >= pages} onClick={() => onPage(page + 1)}><FormattedMessage id="pager.next" /></button>
    </nav>
  );
}

/** A labelled select of a queue's statuses. */
export function StatusFilter<S extends string | number>({ value, options, label, onChange }: {
  value: S;
  options: readonly S[];
  label: (status: S) => string;
  onChange: (status: S) => void;
}) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}><FormattedMessage id="queue.status" /></label>
      <select id={id} value={String(value)} onChange={(e) => onChange(options.find((o) => String(o) === e.target.value)!)}>
        {options.map((o) => <option key={String(o)} value={String(o)}>{label(o)}</option>)}
      </select>
    </div>
  );
}

/** A labelled input or textarea. */
export function Field({ label, multiline, ...input }: { label: string; multiline?: boolean } & React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea id={id} rows={3} {...input} /> : <input id={id} {...input} />}
    </div>
  );
}

export function Problem({ id }: { id: string | undefined }) {
  return <p className="problem" role="alert">{id ? <FormattedMessage id={id} /> : null}</p>;
}

/** Money in words (questions, messages): up to 6 decimals, at least 2. */
export const moneyText = (intl: IntlShape, value: string | number) =>
  intl.formatNumber(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** Money as the wire carries it, up to 6 decimals, at least 2. */
export function Money({ value, unit }: { value: string | number; unit?: string }) {
  return <Amount value={value} unit={unit} places={6} />;
}

/** A balance, to the cent, as the trader's screens show it (spec: balance to 2 decimals). */
export function Balance({ value }: { value: string | number }) {
  return <Amount value={value} places={2} />;
}

function Amount({ value, unit, places }: { value: string | number; unit?: string; places: number }) {
  return (
    <span className="money">
      <FormattedNumber value={Number(value)} minimumFractionDigits={2} maximumFractionDigits={places} />
      {unit ? ` ${unit}` : null}
    </span>
  );
}

/** "3 h 12 min" (or "2 d 4 h" beyond a day). */
export function Waited({ seconds }: { seconds: number }) {
  const { days, hours, minutes } = waitedParts(seconds);
  return days > 0
    ? <FormattedMessage id="waited.days" values={{ days, hours }} />
    : <FormattedMessage id="waited.hours" values={{ hours, minutes }} />;
}

/**
 * When a request was made (the server's time, New York) and how long it has waited; once decided,
 * when, by whom, and how long it had waited.
 */
export function Requested({ item }: { item: { created_at: string; waited_seconds: number; decided_at: string | null; decided_by: string | null } }) {
  const waited = <Waited seconds={item.waited_seconds} />;
  return (
    <div className="requested">
      <time>{item.created_at}</time>
      {item.decided_at === null
        ? <span className="waited"><FormattedMessage id="queue.waited" values={{ waited }} /></span>
        : <span className="decided"><FormattedMessage id={item.decided_by === null ? 'queue.withdrawnByTrader' : 'queue.decided'} values={{ at: item.decided_at, who: item.decided_by, waited }} /></span>}
    </div>
  );
}

/** A definition list of label/value pairs. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  );
}

/** An uploaded image by its signed link: a thumbnail that opens the full image. */
export function Proof({ url, label }: { url: string; label: string }) {
  if (!url) return <span className="muted">—</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="proof">
      <img src={url} alt={label} loading="lazy" />
    </a>
  );
}

/**
 * Shows a <dialog> as modal while it is mounted: the page behind is inert, Tab stays inside and
 * Escape asks to cancel wherever focus is. On unmount focus goes back to what opened it.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    ref.current?.showModal();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return ref;
}

/** A yes-or-cancel question before a change that is not undone by a click. */
export function ConfirmDialog({ question, confirmLabel, busy, onConfirm, onCancel }: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const modal = useModal();
  return (
    <dialog ref={modal} className="dialog" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); if (!busy) onCancel(); }}>
      <h2 id={titleId}>{question}</h2>
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}><FormattedMessage id="common.cancel" /></button>
        <button type="button" className="btn danger" onClick={onConfirm} disabled={busy}>{confirmLabel}</button>
      </div>
    </dialog>
  );
}

/**
 * Each part in its own direction, and selected alone by a click: the account is copied without the
 * payee's name. The last part, the account or the address, reads left to right as a bank's form
 * takes it, whatever letters it holds.
 */
export function Destination({ parts }: { parts: string[] }) {
  return (
    <code className="destination">
      {parts.map((part, i) => <Fragment key={i}>{i ? ', ' : null}<bdi dir={i === parts.length - 1 ? 'ltr' : undefined}>{part}</bdi></Fragment>)}
    </code>
  );
}
