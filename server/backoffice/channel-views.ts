import { atLeastPlaces } from '../../domain/decimal';
import type { allChannels } from '../funds/funds';

/** Staff's view of every channel, examples and inactive ones included. */
export function channelViews({ networks, coins, wires, currencies }: Awaited<ReturnType<typeof allChannels>>) {
  return {
    networks: networks.map((n) => ({
      id: n.id, currency_code: n.currencyCode, protocol_code: n.protocolCode, address: n.address,
      min_amount: n.minAmount, max_amount: n.maxAmount, active: n.active, example: n.example,
    })),
    bank_coins: coins.map((c) => ({ id: c.id, name: c.name, active: c.active })),
    wire_accounts: wires.map((w) => ({
      id: w.id, bank_coin_id: w.bankCoinId, bank_name: w.bankName, bank_address: w.bankAddress, bank_swift: w.bankSwift,
      payee_name: w.payeeName, payee_account: w.payeeAccount, bank_remark: w.bankRemark,
      min_amount: w.minAmount, max_amount: w.maxAmount, active: w.active, example: w.example,
    })),
    currencies: currencies.map((c) => ({
      id: c.id, type: c.type as 1 | 2, code: c.code, protocol: c.protocol, fee_type: c.feeType,
      draw_rate: c.drawRate, usd_price: atLeastPlaces(c.usdPrice, 6), min_amount: c.minAmount, active: c.active, example: c.example,
    })),
  };
}
