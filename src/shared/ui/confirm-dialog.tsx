import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { DialogToasts } from './dialog-toasts';
import { useModalDialog } from './modal-dialog';

/**
 * A native <dialog> that mirrors the `open` flag of a confirm machine. `dismissLabel` names the way
 * out where "Cancel" would read as the action itself (cancelling a request).
 */
export function ConfirmDialog({ open, text, confirmLabel, dismissLabel, onConfirm, onCancel }: {
  open: boolean;
  text: string;
  confirmLabel: string;
  dismissLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useModalDialog(open);
  const textId = useId();
  return (
    <dialog ref={ref} className="sheet" aria-label={confirmLabel} aria-describedby={textId} onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <p id={textId}>{text}</p>
      <div className="actions">
        <button type="button" className="btn secondary" onClick={onCancel}>{dismissLabel ?? <FormattedMessage id="common.cancel" />}</button>
        <button type="button" className="btn danger" onClick={onConfirm}>{confirmLabel}</button>
      </div>
      {open && <DialogToasts />}
    </dialog>
  );
}
