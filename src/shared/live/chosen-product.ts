import type { Product } from '../../../contract/market';
import { chosenProduct } from '../../../machines/market/product-list';
import { connectProductList } from '../../../machines/market/product-list.connect';
import { productListActor } from '../root/root-actor';
import { selectedProduct } from './selected-product';

/** The product `/trade` shows now. */
export const currentChosenProduct = () =>
  chosenProduct(connectProductList(productListActor().getSnapshot()).products, selectedProduct.get());

/**
 * Calls `listener` with the product `/trade` shows, now and whenever it changes (another choice,
 * or a refreshed list with fresh quotations and status). Answers the function that stops it.
 */
export function watchChosenProduct(listener: (product: Product) => void): () => void {
  let last: Product | undefined;
  const check = () => {
    const product = currentChosenProduct();
    if (product && product !== last) listener((last = product));
  };
  check();
  const list = productListActor().subscribe(check);
  const choice = selectedProduct.subscribe(check);
  return () => {
    list.unsubscribe();
    choice();
  };
}
