import type { Language } from '../../contract/fields';
import type { SessionKind } from './sessions';

/**
 * The instruments written into a new store (`seedMarket`). After that the database is the truth:
 * staff may edit any of these values there. Prices and spreads are in the quote currency.
 */

export interface CategorySeed {
  id: number;
  names: Record<Language, string>;
}

/** Everything the market knows of one instrument (a row of `products`). */
export interface Instrument {
  id: number;
  code: string;
  showCode: string;
  logo: string;
  categoryId: number;
  pricePrecision: number;
  /** Lot step. */
  pip: number;
  minCont: number;
  maxCont: number;
  /** Units per lot. */
  contNum: number;
  /** 1 fixed margin per lot, otherwise price-based. */
  marginMode: number;
  feeRate: number;
  /** Leverage values, ascending. */
  leverages: number[];
  /** ask - bid, in price units. */
  spread: number;
  /** Annualised volatility of the simulated price (0.07 = 7 %). */
  volatility: number;
  /** Where a new store's history ends (the simulated "now" price). */
  startPrice: number;
  session: SessionKind;
  /** Currency the price is quoted in (P&L conversion of non-pair codes such as GER40). */
  quoteCurrency: string;
  sort: number;
  /** Staff's override of the sessions: 0 none, 1 held open, 2 held closed. */
  marketStatus: number;
}

export type InstrumentSeed = Omit<Instrument, 'id' | 'sort' | 'logo' | 'marketStatus'>;

export const CATEGORY = { majors: 1, crosses: 2, metals: 3, energy: 4, indices: 5, crypto: 6 } as const;

export const CATEGORIES: CategorySeed[] = [
  {
    id: CATEGORY.majors,
    names: {
      hk: '主要貨幣對', en: 'Forex majors', jp: '主要通貨ペア', kr: '주요 통화쌍', th: 'คู่เงินหลัก', vn: 'Cặp tiền chính',
      fr: 'Forex majeures', de: 'Forex-Hauptpaare', ru: 'Основные валютные пары', spa: 'Pares principales',
      pt: 'Pares principais', ar: 'أزواج العملات الرئيسية', it: 'Coppie principali', tr: 'Majör pariteler',
      id: 'Pasangan mata uang utama', my: 'Pasangan mata wang utama', hi: 'प्रमुख मुद्रा जोड़े', cs: 'Hlavní měnové páry',
      fa: 'جفت‌ارزهای اصلی', fi: 'Päävaluuttaparit', et: 'Peamised valuutapaarid',
    },
  },
  {
    id: CATEGORY.crosses,
    names: {
      hk: '交叉貨幣對', en: 'Forex crosses', jp: 'クロス通貨ペア', kr: '교차 통화쌍', th: 'คู่เงินไขว้', vn: 'Cặp tiền chéo',
      fr: 'Forex croisées', de: 'Forex-Kreuzpaare', ru: 'Кросс-курсы', spa: 'Pares cruzados',
      pt: 'Pares cruzados', ar: 'أزواج العملات المتقاطعة', it: 'Coppie incrociate', tr: 'Çapraz pariteler',
      id: 'Pasangan mata uang silang', my: 'Pasangan mata wang silang', hi: 'क्रॉस मुद्रा जोड़े', cs: 'Křížové měnové páry',
      fa: 'جفت‌ارزهای متقاطع', fi: 'Ristivaluuttaparit', et: 'Ristvaluutapaarid',
    },
  },
  {
    id: CATEGORY.metals,
    names: {
      hk: '貴金屬', en: 'Metals', jp: '貴金属', kr: '귀금속', th: 'โลหะมีค่า', vn: 'Kim loại', fr: 'Métaux', de: 'Metalle',
      ru: 'Металлы', spa: 'Metales', pt: 'Metais', ar: 'المعادن', it: 'Metalli', tr: 'Metaller', id: 'Logam', my: 'Logam',
      hi: 'धातुएँ', cs: 'Kovy', fa: 'فلزات', fi: 'Metallit', et: 'Metallid',
    },
  },
  {
    id: CATEGORY.energy,
    names: {
      hk: '能源', en: 'Energy', jp: 'エネルギー', kr: '에너지', th: 'พลังงาน', vn: 'Năng lượng', fr: 'Énergie', de: 'Energie',
      ru: 'Энергоносители', spa: 'Energía', pt: 'Energia', ar: 'الطاقة', it: 'Energia', tr: 'Enerji', id: 'Energi', my: 'Tenaga',
      hi: 'ऊर्जा', cs: 'Energie', fa: 'انرژی', fi: 'Energia', et: 'Energia',
    },
  },
  {
    id: CATEGORY.indices,
    names: {
      hk: '指數', en: 'Indices', jp: '株価指数', kr: '지수', th: 'ดัชนี', vn: 'Chỉ số', fr: 'Indices', de: 'Indizes',
      ru: 'Индексы', spa: 'Índices', pt: 'Índices', ar: 'المؤشرات', it: 'Indici', tr: 'Endeksler', id: 'Indeks', my: 'Indeks',
      hi: 'सूचकांक', cs: 'Indexy', fa: 'شاخص‌ها', fi: 'Indeksit', et: 'Indeksid',
    },
  },
  {
    id: CATEGORY.crypto,
    names: {
      hk: '加密貨幣', en: 'Crypto', jp: '暗号資産', kr: '암호화폐', th: 'คริปโทเคอร์เรนซี', vn: 'Tiền mã hóa', fr: 'Cryptomonnaies',
      de: 'Kryptowährungen', ru: 'Криптовалюты', spa: 'Criptomonedas', pt: 'Criptomoedas', ar: 'العملات المشفرة',
      it: 'Criptovalute', tr: 'Kripto paralar', id: 'Kripto', my: 'Kripto', hi: 'क्रिप्टोकरेंसी', cs: 'Kryptoměny',
      fa: 'رمزارزها', fi: 'Kryptovaluutat', et: 'Krüptovaluutad',
    },
  },
];

const FX_LEVERAGE = [10, 20, 50, 100, 200];
const METAL_LEVERAGE = [10, 20, 50, 100];
const ENERGY_LEVERAGE = [5, 10, 20, 50];
const INDEX_LEVERAGE = [5, 10, 20, 50];
const CRYPTO_LEVERAGE = [2, 5, 10, 20];

const pair = (
  code: string, categoryId: number, startPrice: number, spread: number, volatility: number, feeRate = 5,
): InstrumentSeed => {
  const jpy = code.endsWith('JPY');
  return {
    code, showCode: `${code.slice(0, 3)}/${code.slice(3)}`, categoryId,
    pricePrecision: jpy ? 3 : 5, pip: 0.01, minCont: 0.01, maxCont: 50, contNum: 100_000, marginMode: 2, feeRate,
    leverages: FX_LEVERAGE, spread, volatility, startPrice, session: 'forex', quoteCurrency: code.slice(3),
  };
};

export const INSTRUMENTS: InstrumentSeed[] = [
  pair('EURUSD', CATEGORY.majors, 1.085, 0.00012, 0.07),
  pair('GBPUSD', CATEGORY.majors, 1.27, 0.00018, 0.08),
  pair('USDJPY', CATEGORY.majors, 151.5, 0.014, 0.09),
  pair('AUDUSD', CATEGORY.majors, 0.655, 0.00015, 0.1),
  pair('USDCAD', CATEGORY.majors, 1.36, 0.0002, 0.06),
  pair('USDCHF', CATEGORY.majors, 0.885, 0.00018, 0.07),
  pair('NZDUSD', CATEGORY.majors, 0.605, 0.0002, 0.1),
  pair('EURGBP', CATEGORY.crosses, 0.854, 0.00018, 0.05, 6),
  pair('EURJPY', CATEGORY.crosses, 164.4, 0.022, 0.09, 6),
  pair('GBPJPY', CATEGORY.crosses, 192.4, 0.03, 0.1, 6),
  pair('EURCHF', CATEGORY.crosses, 0.96, 0.0002, 0.06, 6),
  pair('AUDJPY', CATEGORY.crosses, 99.2, 0.022, 0.12, 6),
  {
    code: 'XAUUSD', showCode: 'XAU/USD', categoryId: CATEGORY.metals, pricePrecision: 2, pip: 0.01, minCont: 0.01, maxCont: 20,
    contNum: 100, marginMode: 2, feeRate: 5, leverages: METAL_LEVERAGE, spread: 0.3, volatility: 0.15, startPrice: 2350,
    session: 'metals', quoteCurrency: 'USD',
  },
  {
    code: 'XAGUSD', showCode: 'XAG/USD', categoryId: CATEGORY.metals, pricePrecision: 3, pip: 0.01, minCont: 0.01, maxCont: 20,
    contNum: 5000, marginMode: 2, feeRate: 5, leverages: METAL_LEVERAGE, spread: 0.025, volatility: 0.25, startPrice: 28,
    session: 'metals', quoteCurrency: 'USD',
  },
  {
    code: 'XPTUSD', showCode: 'XPT/USD', categoryId: CATEGORY.metals, pricePrecision: 2, pip: 0.01, minCont: 0.01, maxCont: 10,
    contNum: 100, marginMode: 2, feeRate: 5, leverages: METAL_LEVERAGE, spread: 2, volatility: 0.22, startPrice: 960,
    session: 'metals', quoteCurrency: 'USD',
  },
  {
    code: 'USOIL', showCode: 'WTI Crude', categoryId: CATEGORY.energy, pricePrecision: 2, pip: 0.01, minCont: 0.01, maxCont: 50,
    contNum: 1000, marginMode: 2, feeRate: 5, leverages: ENERGY_LEVERAGE, spread: 0.03, volatility: 0.35, startPrice: 78.5,
    session: 'energy', quoteCurrency: 'USD',
  },
  {
    code: 'UKOIL', showCode: 'Brent Crude', categoryId: CATEGORY.energy, pricePrecision: 2, pip: 0.01, minCont: 0.01, maxCont: 50,
    contNum: 1000, marginMode: 2, feeRate: 5, leverages: ENERGY_LEVERAGE, spread: 0.04, volatility: 0.33, startPrice: 82.8,
    session: 'energy', quoteCurrency: 'USD',
  },
  {
    code: 'NGAS', showCode: 'Natural Gas', categoryId: CATEGORY.energy, pricePrecision: 3, pip: 0.01, minCont: 0.01, maxCont: 50,
    contNum: 10_000, marginMode: 2, feeRate: 5, leverages: ENERGY_LEVERAGE, spread: 0.005, volatility: 0.6, startPrice: 2.15,
    session: 'energy', quoteCurrency: 'USD',
  },
  {
    code: 'US30', showCode: 'Dow Jones 30', categoryId: CATEGORY.indices, pricePrecision: 1, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 2, volatility: 0.15, startPrice: 39000,
    session: 'index_us', quoteCurrency: 'USD',
  },
  {
    code: 'US500', showCode: 'S&P 500', categoryId: CATEGORY.indices, pricePrecision: 2, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 0.5, volatility: 0.16, startPrice: 5200,
    session: 'index_us', quoteCurrency: 'USD',
  },
  {
    code: 'NAS100', showCode: 'Nasdaq 100', categoryId: CATEGORY.indices, pricePrecision: 2, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 1.5, volatility: 0.22, startPrice: 18200,
    session: 'index_us', quoteCurrency: 'USD',
  },
  {
    code: 'GER40', showCode: 'DAX 40', categoryId: CATEGORY.indices, pricePrecision: 1, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 1.5, volatility: 0.17, startPrice: 18100,
    session: 'index_eu', quoteCurrency: 'EUR',
  },
  {
    code: 'UK100', showCode: 'FTSE 100', categoryId: CATEGORY.indices, pricePrecision: 1, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 1.2, volatility: 0.14, startPrice: 8100,
    session: 'index_eu', quoteCurrency: 'GBP',
  },
  {
    code: 'JPN225', showCode: 'Nikkei 225', categoryId: CATEGORY.indices, pricePrecision: 0, pip: 0.1, minCont: 0.1, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 1, leverages: INDEX_LEVERAGE, spread: 10, volatility: 0.2, startPrice: 38500,
    session: 'index_us', quoteCurrency: 'JPY',
  },
  {
    code: 'BTCUSD', showCode: 'BTC/USD', categoryId: CATEGORY.crypto, pricePrecision: 1, pip: 0.01, minCont: 0.01, maxCont: 10,
    contNum: 1, marginMode: 2, feeRate: 10, leverages: CRYPTO_LEVERAGE, spread: 15, volatility: 0.55, startPrice: 65000,
    session: 'crypto', quoteCurrency: 'USD',
  },
  {
    code: 'ETHUSD', showCode: 'ETH/USD', categoryId: CATEGORY.crypto, pricePrecision: 2, pip: 0.01, minCont: 0.01, maxCont: 100,
    contNum: 1, marginMode: 2, feeRate: 5, leverages: CRYPTO_LEVERAGE, spread: 1.2, volatility: 0.7, startPrice: 3200,
    session: 'crypto', quoteCurrency: 'USD',
  },
  {
    code: 'SOLUSD', showCode: 'SOL/USD', categoryId: CATEGORY.crypto, pricePrecision: 2, pip: 0.1, minCont: 0.1, maxCont: 1000,
    contNum: 1, marginMode: 2, feeRate: 0.5, leverages: CRYPTO_LEVERAGE, spread: 0.08, volatility: 0.9, startPrice: 150,
    session: 'crypto', quoteCurrency: 'USD',
  },
  {
    code: 'XRPUSD', showCode: 'XRP/USD', categoryId: CATEGORY.crypto, pricePrecision: 4, pip: 0.01, minCont: 0.01, maxCont: 100,
    contNum: 1000, marginMode: 2, feeRate: 1, leverages: CRYPTO_LEVERAGE, spread: 0.0006, volatility: 0.8, startPrice: 0.52,
    session: 'crypto', quoteCurrency: 'USD',
  },
  {
    code: 'LTCUSD', showCode: 'LTC/USD', categoryId: CATEGORY.crypto, pricePrecision: 2, pip: 0.1, minCont: 0.1, maxCont: 1000,
    contNum: 1, marginMode: 2, feeRate: 0.5, leverages: CRYPTO_LEVERAGE, spread: 0.12, volatility: 0.75, startPrice: 82,
    session: 'crypto', quoteCurrency: 'USD',
  },
];
