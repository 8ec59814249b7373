import type { NewsItem } from '../../contract/content';
import { pagedList } from '../shared/paged-list';

/** A news row as the paged list keys it (the wire's `id` as `Id`). */
export type NewsRow = NewsItem & { Id: number };

/** /news: the news of category 1, page by page, refreshed by a pull. */
export const newsListMachine = pagedList<NewsRow>();
