import type { SnapshotFrom } from 'xstate';
import type { recordEditor } from './record-editor';

type EditorSnapshot<D> = SnapshotFrom<ReturnType<typeof recordEditor<D>>>;

/** What an editing screen shows: the loaded data, the open form, and what is under way. */
export function connectEditor<D>(snapshot: EditorSnapshot<D>) {
  const { data, page, draft, problem, notice } = snapshot.context;
  const editing = snapshot.matches('editing') || snapshot.matches('uploading');
  return {
    data,
    page,
    /** The open form; a record applied at once (a switch) shows none. */
    draft: editing || (snapshot.matches('saving') && snapshot.context.fromForm) ? draft : undefined,
    /** Which record is being saved, so its row can show it. */
    savingTarget: snapshot.matches('saving') ? draft?.target : undefined,
    problem,
    notice,
    isLoading: snapshot.matches('loading'),
    isFailed: snapshot.matches('failed'),
    isSaving: snapshot.matches('saving'),
    isUploading: snapshot.matches('uploading'),
    /** Open, switch, page and reload only when nothing else is under way. */
    isIdle: snapshot.matches('ready'),
  };
}
