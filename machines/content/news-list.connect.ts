import { connectPagedList, type PagedListSnapshot, type PagedListView } from '../shared/paged-list.connect';
import type { NewsRow } from './news-list';

export interface NewsListView extends PagedListView<NewsRow> {
  /** Placeholder rows while the first page loads. */
  skeletonRows: number;
}

const SKELETON_ROWS = 6;

export function connectNewsList(snapshot: PagedListSnapshot<NewsRow> | undefined): NewsListView {
  const view = connectPagedList(snapshot);
  return { ...view, skeletonRows: view.empty === 'loading' ? SKELETON_ROWS : 0 };
}
