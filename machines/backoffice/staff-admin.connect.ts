import type { SnapshotFrom } from 'xstate';
import type { staffAdminMachine } from './staff-admin';

export function connectStaffAdmin(snapshot: SnapshotFrom<typeof staffAdminMachine>) {
  const { staff, fields, problem, notice, created } = snapshot.context;
  return {
    staff,
    fields,
    problem,
    notice,
    created: snapshot.matches({ form: 'created' }) ? created : undefined,
    isLoading: snapshot.matches({ list: 'loading' }),
    isCreating: snapshot.matches({ form: 'creating' }),
  };
}
