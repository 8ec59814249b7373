import type { SnapshotFrom } from 'xstate';
import type { MemberChange, StaffRow, staffAdminMachine } from './staff-admin';

/** The question before a change to another member, by its message id. */
function questionOf(change: MemberChange, rows: StaffRow[]): string {
  if (change.kind === 'authenticator') return 'staff.ask.authenticator';
  const row = rows.find((r) => r.id === change.id);
  if (row && row.active !== change.active) return change.active ? 'staff.ask.reactivate' : 'staff.ask.deactivate';
  return 'staff.ask.role';
}

export function connectStaffAdmin(snapshot: SnapshotFrom<typeof staffAdminMachine>) {
  const { staff, change, fields, problem, notice, created } = snapshot.context;
  const asking = snapshot.matches({ member: 'asking' }) || snapshot.matches({ member: 'saving' });
  return {
    staff,
    fields,
    problem,
    notice,
    created: snapshot.matches({ form: 'created' }) ? created : undefined,
    isLoading: snapshot.matches({ list: 'loading' }),
    isCreating: snapshot.matches({ form: 'creating' }),
    /** The change asked about, with its question's message id. */
    asked: asking && change ? { change, question: questionOf(change, staff) } : undefined,
    isSaving: snapshot.matches({ member: 'saving' }),
    /** A change is being asked about or saved: the rows' controls wait. */
    isChanging: !snapshot.matches({ member: 'idle' }),
  };
}
