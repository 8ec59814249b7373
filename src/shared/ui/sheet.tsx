import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DialogToasts } from './dialog-toasts';
import { backdropCloses, useModalDialog } from './modal-dialog';

/** A native <dialog> as a bottom sheet, mirroring an `open` flag owned by a machine. */
export function Sheet({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: ReactNode }) {
  const ref = useModalDialog(open, { focusSelf: true });
  return (
    <dialog ref={ref} className="bottom-sheet" aria-label={label} tabIndex={-1}
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onClick={(e) => { if (e.target === e.currentTarget && backdropCloses(e.currentTarget, e.timeStamp)) onClose(); }}>
      {children}
      {open && <DialogToasts />}
    </dialog>
  );
}

/** A sheet's title with a button to dismiss it: the backdrop and Escape are out of a screen reader's reach. */
export function SheetHead({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="sheet-head">
      <h2>{children}</h2>
      <button type="button" className="sheet-dismiss" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={onClose}>×</button>
    </div>
  );
}
