import type { SnapshotFrom } from 'xstate';
import type { newsDetailMachine } from './news-detail';

export interface NewsDetailView {
  title: string;
  date: string;
  /** Cleaned HTML; empty until cleaned. */
  html: string;
  isLoading: boolean;
  isFailed: boolean;
  isMissing: boolean;
  isShown: boolean;
}

export function connectNewsDetail(snapshot: SnapshotFrom<typeof newsDetailMachine> | undefined): NewsDetailView {
  const news = snapshot?.context.news;
  const shown = snapshot?.matches('shown') ?? false;
  return {
    title: news?.title ?? '',
    date: news?.created_at ?? '',
    html: shown ? snapshot!.context.html : '',
    isLoading: !snapshot || snapshot.matches('checking') || snapshot.matches('loading') || snapshot.matches('cleaning'),
    isFailed: snapshot?.matches('failed') ?? false,
    isMissing: snapshot?.matches('missing') ?? false,
    isShown: shown,
  };
}
