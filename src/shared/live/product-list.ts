import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { tradingCalls } from '../../../contract/trading';
import { productListMachine } from '../../../machines/market/product-list';
import { call } from '../api/client';
import { actorOptions } from '../flow/inspector';
import { quoteStore } from './quote-store';

let actor: ActorRefFrom<typeof productListMachine> | undefined;

/** The quotes list, one for the app so the chosen chip and rows survive a tab switch. */
export function productListActor() {
  if (actor) return actor;
  const machine = productListMachine.provide({
    actors: {
      loadList: fromPromise(async () => {
        const [categories, products] = await Promise.all([call(tradingCalls.categories, {}), call(tradingCalls.tradeList, {})]);
        return { categories, products };
      }),
    },
    actions: {
      publish: (_, { products }) => {
        for (const p of products) {
          const q = p.ForexQuotations;
          // A snapshot never overwrites a newer live tick.
          if (!quoteStore.get(p.Code)) quoteStore.put(p.Code, { close: q.Close, change: q.Change, open: q.Open, high: q.High, low: q.Low, volume: q.Volume });
        }
      },
    },
  });
  actor = createActor(machine, { systemId: 'productList', ...actorOptions() });
  actor.start();
  return actor;
}
