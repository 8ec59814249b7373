import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QueueView } from '../../machines/backoffice/review-queue.connect';
import type { Decision, QueueEvent, QueueRow, Status } from '../../machines/backoffice/review-queue';
import { Field, NoticeLine, Pager, StatusFilter, useModal } from './ui';

/** The trader a queue's address names (`?trader=`), as the trader look-up links to it. */
export const traderOf = (search: string) => new URLSearchParams(search).get('trader') ?? undefined;

/** What every queue screen shares: the status filter, the server's message, the rows, the pager and the question. */
export function QueueFrame<T extends QueueRow, S extends Status>({ title, view, send, statuses, statusLabel, head, row, describe, caution }: {
  title: string;
  view: QueueView<T, S>;
  send: (event: QueueEvent<S>) => void;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** Column headings, the actions' last. */
  head: string[];
  row: (item: T) => ReactNode;
  /** The row under decision, in words, for the question. */
  describe: (item: T) => string;
  /** What the row flags that the decision should weigh, said again in the question (none: nothing). */
  caution?: (item: T, decision: Decision) => ReactNode;
}) {
  const intl = useIntl();
  return (
    <section className="queue" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">{title}</h1>
        <StatusFilter value={view.status} options={statuses} label={statusLabel} onChange={(status) => send({ type: 'QUEUE.STATUS', status })} />
        <button type="button" className="btn small" onClick={() => send({ type: 'QUEUE.REFRESH' })} disabled={view.isLoading}>
          <FormattedMessage id="queue.refresh" />
        </button>
      </header>
      {view.search ? (
        <form className="inline-form" role="search" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'SEARCH.APPLY' }); }}>
          <Field label={intl.formatMessage({ id: 'queue.trader' })} name="trader" value={view.search.text}
            onChange={(e) => send({ type: 'SEARCH.CHANGE', value: e.target.value })} />
          <button type="submit" className="btn" disabled={view.isLoading}><FormattedMessage id="queue.find" /></button>
          {view.search.trader ? (
            <button type="button" className="btn" onClick={() => send({ type: 'SEARCH.CLEAR' })} disabled={view.isLoading}>
              <FormattedMessage id="queue.everyone" />
            </button>
          ) : null}
        </form>
      ) : null}
      <NoticeLine
        notice={view.decision ? undefined : view.notice}
        extra={view.secondNeeded ? <strong className="second"><FormattedMessage id="withdrawals.secondNeeded" /></strong> : null}
        onDismiss={() => send({ type: 'NOTICE.DISMISS' })}
      />
      <div className="table-wrap">
        <table aria-busy={view.isLoading}>
          <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
          <tbody>{view.items.map((item) => <tr key={item.id} data-id={item.id}>{row(item)}</tr>)}</tbody>
        </table>
        {view.items.length === 0 ? (
          <p className="empty">{view.isLoading ? <FormattedMessage id="queue.loading" /> : view.isFailed ? null : <FormattedMessage id="queue.empty" />}</p>
        ) : null}
      </div>
      <Pager page={view.page} pages={view.pages} total={view.total} onPage={(page) => send({ type: 'QUEUE.PAGE', page })} />
      {view.decision ? (
        <DecisionDialog
          question={intl.formatMessage({ id: `decision.${view.decision.decision}Question` }, { what: describe(view.decision.item) })}
          caution={caution?.(view.decision.item, view.decision.decision)}
          view={view}
          send={send}
        />
      ) : null}
    </section>
  );
}

const CONFIRM: Record<Decision, string> = { approve: 'decision.confirmApprove', reject: 'decision.confirmReject', reopen: 'decision.confirmReopen' };

/** The confirmation before a decision, with its note; stays open with the server's refusal. */
function DecisionDialog<T extends QueueRow, S extends Status>({ question, caution, view, send }: {
  question: string; caution: ReactNode; view: QueueView<T, S>; send: (event: QueueEvent<S>) => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const noteId = useId();
  const d = view.decision!;
  const modal = useModal();
  return (
    <dialog ref={modal} className="dialog" aria-labelledby={titleId}
      onCancel={(e) => { e.preventDefault(); if (!d.isBusy) send({ type: 'DECISION.CANCEL' }); }}>
      <form noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'DECISION.CONFIRM' }); }}>
        <h2 id={titleId}>{question}</h2>
        {caution ? <p className="badge danger" role="note">{caution}</p> : null}
        {d.noteKind ? (
          <div className="field">
            <label htmlFor={noteId}>
              <FormattedMessage id={`decision.${d.noteKind}`} />
              {d.noteRequired ? null : <span className="muted"> (<FormattedMessage id="common.optional" />)</span>}
            </label>
            {d.noteKind === 'reason'
              ? <textarea id={noteId} rows={3} maxLength={500} value={d.note} autoFocus onChange={(e) => send({ type: 'DECISION.NOTE', value: e.target.value })} />
              : <input id={noteId} maxLength={d.noteKind === 'hash' ? 256 : 128} value={d.note} autoFocus onChange={(e) => send({ type: 'DECISION.NOTE', value: e.target.value })} />}
          </div>
        ) : null}
        <p className="problem" role="alert">{d.problem ? <FormattedMessage id={`decision.${d.noteKind}Required`} /> : null}</p>
        <NoticeLine notice={view.notice} />
        <div className="actions">
          <button type="button" className="btn" onClick={() => send({ type: 'DECISION.CANCEL' })} disabled={d.isBusy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={`btn ${d.decision === 'reject' ? 'danger' : 'primary'}`} disabled={d.isBusy}>
            {intl.formatMessage({ id: CONFIRM[d.decision] })}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Approve and reject buttons of a row, when its status can still be decided. */
export function DecideButtons({ id, view, send, approveDisabled }: {
  id: number;
  view: { canDecide: boolean };
  send: (event: { type: 'DECISION.OPEN'; id: number; decision: Decision }) => void;
  /** Why this staff member may not approve (they asked for it, or approved it first). */
  approveDisabled?: string;
}) {
  if (!view.canDecide) return <td className="actions-cell" />;
  return (
    <td className="actions-cell">
      <button type="button" className="btn primary small" disabled={approveDisabled !== undefined} title={approveDisabled}
        onClick={() => send({ type: 'DECISION.OPEN', id, decision: 'approve' })}>
        <FormattedMessage id="decision.approve" />
      </button>
      <button type="button" className="btn danger small" onClick={() => send({ type: 'DECISION.OPEN', id, decision: 'reject' })}>
        <FormattedMessage id="decision.reject" />
      </button>
      {approveDisabled ? <p className="muted small">{approveDisabled}</p> : null}
    </td>
  );
}
