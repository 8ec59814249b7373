import { describe, it, expect } from 'vitest';
import type { z } from 'zod/mini';
import { contentCalls, company, newsDetail, newsItem } from '../../contract/content';
import { identityCalls, realName } from '../../contract/identity';
import {
  bankAccount, bankCoin, depositNetwork, depositRecord, fundsCalls, withdrawCurrency, withdrawRecord, withdrawWay,
} from '../../contract/funds';
import {
  DAY_MARKET, FOREX_CLOSED, FOREX_TRADE, PING, clientFrame, klineTopic, serverFrame, topic,
} from '../../contract/socket';
import { rankEntry } from '../../contract/ranking';
import { accountRecord, forexDetail, order, orderPage, tradingCalls } from '../../contract/trading';
import { PERIODS, candle, category, product, marketCalls } from '../../contract/market';

const huge = 'x'.repeat(10 * 1024);
const ok = (schema: z.ZodMiniType, value: unknown) => expect(schema.safeParse(value).error).toBeUndefined();
const bad = (schema: z.ZodMiniType, value: unknown) => expect(schema.safeParse(value).success).toBe(false);

const candleSample = { Time: 1_700_000_040_000, Open: 1.0841, High: 1.0849, Low: 1.0838, Close: 1.0845, Volume: 120, Period: '1min' };
const productSample = {
  Id: 3, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '/img/eurusd.png', CategoryId: 1, MarketStatus: 1,
  PricePrecision: 5, Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2,
  ForexFeeRate: 0.0005, HasForexMultiple: [{ Value: 10 }, { Value: 100 }],
  ForexQuotations: { Open: 1.08, Close: 1.0845, High: 1.0861, Low: 1.0793, Change: 0.42, Volume: 18234 },
};
const orderSample = {
  Id: 41, OrderOn: 'F20250101000041', OrderType: 1, Quantity: 0.5, Price: 1.0845, OriginPrice: 1.0845,
  UpdatePrice: 1.0851, FactProfits: '30.000000', CautionMoney: 542.25, TradeFee: '0.27', TargetLossPrice: 0,
  TargetProfitPrice: 1.09, Multiple: 100, Status: 1, CreateTimeHandler: '2025-01-01 09:30:00',
  CompleteTimeHandler: '', ForexTradeLists: { Id: 3, Code: 'EURUSD', ShowCode: 'EUR/USD' },
};

describe('trading contract', () => {
  it('parses realistic entities', () => {
    ok(product, productSample);
    ok(category, { Id: 1, NameShowTrans: 'Forex' });
    ok(candle, candleSample);
    ok(order, orderSample);
    ok(order, { ...orderSample, Status: 3, ClosedType: 3, CompleteTimeHandler: '2025-01-02 10:00:00' });
    ok(orderPage, { data: [orderSample], total: 1, all_fact_profits: 30, balance: '9457.73' });
    ok(forexDetail, { available: '9457.73', frozen: 542.25 });
    ok(accountRecord, { Id: 9, Kind: 'trade_open', Value: '-542.52', Frozen: '0.000000', BalanceAfter: '9457.48', CreatedAtTran: '2025-01-01 09:30:00' });
    ok(rankEntry, {
      user: 'tr***42', multiple: 100, three_week_rate: 12.5, three_week_win: 66.7, three_week_profit: '1520.10',
      total_rate: 48.2, total_trade_num: 312, code: '100042', curve: [0, 12.5, 40.1],
    });
    expect(PERIODS).toContain('60min');
  });

  it('coerces query text and applies defaults', () => {
    const req = tradingCalls.submit.request.parse({ type: '2', cont: '0.5', forex_id: '3', status: '1', multiple: '100' });
    expect(req).toMatchObject({ type: 2, cont: 0.5, status: 1, target_price: 0, stop_loss_price: 0 });
    expect(tradingCalls.myDeal.request.parse({ status: '3' })).toEqual({ status: 3, page: 1 });
  });

  it('refuses bad input', () => {
    bad(order, { ...orderSample, Status: 7 });
    bad(order, { ...orderSample, ClosedType: 7 });
    bad(order, { ...orderSample, PendingType: 'buy' });
    bad(marketCalls.kline.request, { forex_id: '3', period: '2min' });
    bad(tradingCalls.close.request, { id: 'abc' });
    bad(tradingCalls.myDeal.request, { status: '2' });
    bad(marketCalls.tradeList.request, { searchCurrency: huge });
    bad(tradingCalls.submit.request, { type: 1, cont: 1, forex_id: 3, status: 0, multiple: 10 });
    bad(tradingCalls.submit.request, { type: 1, cont: 1, forex_id: 3, status: 1, multiple: 10, request_id: huge });
  });
});

describe('funds contract', () => {
  it('parses realistic entities', () => {
    ok(depositNetwork, { id: 1, address: 'TQ7x9d1kq2HnPZ5b', currency_code: 'USDT', protocol_code: 'TRC20' });
    ok(bankCoin, { id: 2, name: 'USD' });
    ok(bankAccount, {
      id: 4, bank_name: 'First Bank', bank_address: '1 Main St', bank_swift: 'FBNKUS33', payee_name: 'Desk Ltd',
      payee_account: '000123456789', bank_remark: null,
    });
    ok(depositRecord, { id: 8, number: '100.00', type: 0, currency_code: 'USDT', status: 1, created_at: '2025-01-01 09:00:00', remark: '' });
    ok(withdrawCurrency, { id: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: 1 });
    ok(withdrawWay, { id: 5, dc_address: 'TQ7x9d1kq2HnPZ5b', draw_currency: { code: 'USDT', protocol: 'TRC20' } });
    ok(withdrawRecord, {
      id: 6, number: 50, real_number: 49, draw_currency: { code: 'USDT' }, fee: 1, status_name: 'Pending',
      created_at: '2025-01-03 12:00:00', type: 1, address: 'TQ7x9d1kq2HnPZ5b', payee_account: null, notes: null,
    });
  });

  it('checks the payout method by type', () => {
    ok(fundsCalls.bindWithdrawWay.request, { draw_id: '1', type: '1', dc_address: 'TQ7x9d1kq2HnPZ5b' });
    bad(fundsCalls.bindWithdrawWay.request, { draw_id: '1', type: '2', dc_address: 'TQ7x9d1kq2HnPZ5b' });
  });

  it('refuses bad input', () => {
    bad(depositRecord, { id: 8, number: 1, type: 0, currency_code: 'USDT', status: 4, created_at: '' });
    bad(fundsCalls.withdrawCurrencies.request, { type: '3' });
    bad(fundsCalls.unbindWithdrawWay.request, { id: 'abc' });
    bad(fundsCalls.withdraw.request, { draw_currency_id: 1, number: '10', draw_method_id: 2, memo: huge });
    bad(fundsCalls.withdraw.request, { draw_currency_id: 1, number: '-5', draw_method_id: 2 });
  });
});

describe('content contract', () => {
  it('parses realistic entities', () => {
    ok(newsItem, { id: 1, title: 'Markets open', desc: 'Weekly outlook', logo: '/img/n1.png', created_at: '2025-01-01 08:00:00' });
    ok(newsDetail, { id: 1, title: 'Markets open', desc: '', logo: '', created_at: '2025-01-01 08:00:00', content: '<p>Hi</p>' });
    ok(company, {
      id: 2, name: 'Acme Ltd', logo: '/img/acme.png', url: 'https://acme.example', subject: 'Brokerage',
      registered_address: '1 Main St', location: 'London', email: 'info@acme.example',
    });
    ok(realName, { name: 'Ann Lee', card_id: 'A12****89', front_pic: '/u/f.png', reverse_pic: '/u/r.png', status: 1, review_status: 0 });
    expect(contentCalls.newsList.request.parse({ page: '2' })).toEqual({ category_id: 1, page: 2 });
  });

  it('refuses bad input', () => {
    bad(realName, { name: '', card_id: '', front_pic: '', reverse_pic: '', status: 3, review_status: 0 });
    bad(contentCalls.newsInfo.request, { id: 'abc' });
    bad(identityCalls.submitRealName.request, { name: 'Ann', card_id: '' });
    // ID numbers as they are written, Hong Kong's with its check digit in brackets, and no markup.
    for (const card_id of ['A123456(7)', '123 456 789', 'X-1234/5', 'AB.1234']) ok(identityCalls.submitRealName.request, { name: 'Ann', card_id });
    for (const card_id of ['<script>', 'AB12"34', "AB'1234", 'AB12&34']) bad(identityCalls.submitRealName.request, { name: 'Ann', card_id });
    bad(contentCalls.companies.request, { name: huge });
  });
});

describe('socket contract', () => {
  it('parses client frames and topics', () => {
    ok(clientFrame, { type: 'login', params: 'tok_123' });
    ok(clientFrame, { type: 'logout', params: '' });
    ok(clientFrame, { type: 'sub', params: klineTopic('EURUSD') });
    for (const t of [DAY_MARKET, FOREX_TRADE, FOREX_CLOSED, 'KLINE.XAU/USD']) ok(topic, t);
    expect(PING).toBe('ping');
  });

  it('parses server frames', () => {
    ok(serverFrame, { type: 'login_result', code: 1, msg: 'ok' });
    ok(serverFrame, {
      type: 'DAY_MARKET', symbol: 'EURUSD',
      quotation: { close: 1.0845, change: 0.42, open: 1.08, high: 1.0861, low: 1.0793, volume: 18234 },
    });
    ok(serverFrame, { type: 'KLINE', symbol: 'EURUSD', kline: candleSample });
    ok(serverFrame, {
      type: 'FOREX_TRADE', ProfitsTotal: '30.00', HazardRate: 1744.2, CautionMoneyAll: 542.25,
      TransOrder: [{ Id: 41, UpdatePrice: 1.0851, FactProfits: 30 }],
    });
    ok(serverFrame, { type: 'FOREX_CLOSED', id: [41, 42] });
  });

  it('refuses bad input', () => {
    bad(topic, 'KLINE.');
    bad(topic, 'FOREX_OPEN');
    bad(clientFrame, { type: 'sub', params: `KLINE.${huge}` });
    bad(clientFrame, { type: 'subscribe', params: DAY_MARKET });
    bad(clientFrame, { type: 'login', params: huge });
    bad(serverFrame, { type: 'FOREX_CLOSED', id: ['abc'] });
    bad(serverFrame, { type: 'KLINE', symbol: 'EURUSD', kline: { ...candleSample, Period: '2min' } });
    bad(serverFrame, { code: 1, msg: 'no type' });
  });
});
