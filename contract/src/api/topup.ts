import { z } from 'zod';

/** Online top-up through an Epay ("易支付") gateway: /api/user/amount, /pay, /epay/notify. */

/** Console payment methods and the Epay `type` each one becomes. */
export const EPAY_PAYMENT_TYPES = { zfb: 'alipay', wx: 'wxpay' } as const;
export type PaymentMethod = keyof typeof EPAY_PAYMENT_TYPES;

/**
 * How much to top up, in display units: currency units when DisplayInCurrencyEnabled, raw quota
 * otherwise. Numeric strings are accepted because form inputs produce them.
 */
const topUpAmount = z.coerce
  .number({ error: '充值数量必须是整数' })
  .refine(Number.isSafeInteger, '充值数量必须是整数');

export const topUpAmountRequest = z.object({
  amount: topUpAmount,
  /** Accepted for compatibility; no discount codes exist. */
  top_up_code: z.string().optional(),
});
export type TopUpAmountRequest = z.input<typeof topUpAmountRequest>;

export const topUpPayRequest = z.object({
  amount: topUpAmount,
  payment_method: z.enum(['zfb', 'wx'], { error: '不支持的支付方式，请选择支付宝（zfb）或微信（wx）' }),
  top_up_code: z.string().optional(),
});
export type TopUpPayRequest = z.input<typeof topUpPayRequest>;

/** POST /api/user/pay answers this: the console posts `params` as a hidden form to `url`. */
export interface EpayPurchase {
  url: string;
  params: Record<string, string>;
}

/** An online top-up order, GET /api/user/topup/self. */
export interface TopUpView {
  id: number;
  /** Display units as entered (currency units, or raw quota when currency display is off). */
  amount: number;
  /** Quota credited when the payment completes (fixed when the order is placed). */
  quota: number;
  /** Price paid, in the payment currency. */
  money: number;
  trade_no: string;
  /** Epay type: alipay or wxpay. */
  payment_method: string;
  create_time: number;
  /** 0 until paid. */
  complete_time: number;
  /** TopUpStatus: pending or success. */
  status: string;
}
