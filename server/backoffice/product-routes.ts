import { backofficeProductCalls as calls, type ProductEdit } from '../../contract/backoffice';
import type { Language } from '../../contract/fields';
import { isMarketOpen } from '../../contract/market';
import type { Deps } from '../deps';
import { catalogueSettings, editProduct, productSettingsOf, saveCategory } from '../market/market';
import type { StaffRouting } from './staff-route';
import type { Tx } from '../platform/store/open';

/**
 * Products and categories (admin). The edit and its audit row commit together; then the live
 * market reads the catalogue again, so the next quote list, ticket and order use the new values.
 */
export function productRoutes({ db, market }: Pick<Deps, 'db' | 'market'>, { staffRoute, decide }: StaffRouting): void {
  const openNow = (id: number) => {
    const product = market.product(id);
    return product !== undefined && isMarketOpen(product);
  };

  staffRoute(calls.products, ['admin'], async () => {
    const { products, categories } = await catalogueSettings(db);
    return { products: products.map((row) => productSettingsOf(row, openNow(row.id))), categories };
  });

  staffRoute(calls.saveProduct, ['admin'], async (edit: ProductEdit, ctx) => {
    const { after } = await decide(ctx, `product.${edit.field}`, `product:${edit.id}`, null, (tx) => editProduct(tx, edit));
    await market.reloadCatalogue();
    return productSettingsOf(after, openNow(after.id));
  });

  staffRoute(calls.saveCategory, ['admin'], async (input: { id?: number; sort?: number; names: Record<Language, string> }, ctx) => {
    const saved = await decide(ctx, 'category.save', (r) => `category:${r.id}`, null, (tx: Tx) => saveCategory(tx, input));
    await market.reloadCatalogue();
    return { id: saved.id };
  });
}
