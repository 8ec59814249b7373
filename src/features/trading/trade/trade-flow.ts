import { fromCallback, fromPromise } from 'xstate';
import { klineTopic } from '../../../../contract/socket';
import { marketCalls } from '../../../../contract/market';
import { chartMachine, type ChartEvent } from '../../../../machines/market/chart';
import { call } from '../../../shared/api/client';
import { watchChosenProduct } from '../../../shared/live/chosen-product';
import { klineFeed } from '../../../shared/live/kline-feed';
import { onReconnect } from '../../../shared/live/reconnects';
import { socketActor } from '../../../shared/root/root-actor';

/** The chart machine bound to the API, the socket and the product chosen for /trade. */
export const chartFlow = () =>
  chartMachine.provide({
    actors: {
      loadCandles: fromPromise(({ input, signal }) =>
        call(marketCalls.kline, { forex_id: input.productId, period: input.period, ...(input.before !== undefined && { before: input.before }) }, { signal }),
      ),
      liveCandles: fromCallback(({ input, sendBack }) => {
        const topic = klineTopic(input.code);
        socketActor().send({ type: 'TOPIC.SUBSCRIBE', topic });
        const stop = klineFeed.subscribe((code, candle) => sendBack({ type: 'CANDLE.LIVE', code, candle }));
        return () => {
          stop();
          socketActor().send({ type: 'TOPIC.UNSUBSCRIBE', topic });
        };
      }),
      chosenProduct: fromCallback<ChartEvent>(({ sendBack }) =>
        watchChosenProduct((product) => sendBack({ type: 'PRODUCT.SELECT', productId: product.Id, code: product.Code })),
      ),
      reconnects: fromCallback<ChartEvent>(({ sendBack }) => onReconnect(() => sendBack({ type: 'CHART.CATCH_UP' }))),
    },
  });
