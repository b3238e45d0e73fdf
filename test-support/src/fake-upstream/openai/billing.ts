/**
 * Model lists and the balance endpoints the gateway polls (spec §5.3, §5.4): OpenAI's legacy
 * dashboard billing pair, DeepSeek's /user/balance and SiliconFlow's /v1/user/info.
 */
import type { HandlerContext } from '../router.js';

export const DEFAULT_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-3.5-turbo',
  'o3-mini',
  'text-embedding-3-small',
  'dall-e-3',
  'tts-1',
  'whisper-1',
];

const DEFAULT_BALANCE = 100;

/** GET /v1/models; Gemini's OpenAI-compatible list names its models `models/<id>`. */
export function modelsHandler(idPrefix = '') {
  return async (ctx: HandlerContext): Promise<void> => {
    const ids = ctx.spec.models ?? DEFAULT_MODELS;
    return ctx.reply.json({
      object: 'list',
      data: ids.map((id) => ({
        id: idPrefix + id,
        object: 'model',
        created: 1_686_935_002,
        owned_by: 'openai',
      })),
    });
  };
}

/** GET /v1/dashboard/billing/subscription: the hard limit is what is left plus what was used. */
export async function subscriptionHandler(ctx: HandlerContext): Promise<void> {
  const limit = (ctx.spec.balance ?? DEFAULT_BALANCE) + (ctx.spec.balanceUsed ?? 0);
  return ctx.reply.json({
    object: 'billing_subscription',
    has_payment_method: true,
    canceled: false,
    canceled_at: null,
    delinquent: null,
    access_until: 0,
    soft_limit: Math.round(limit * 1_000_000),
    hard_limit: Math.round(limit * 1_000_000),
    system_hard_limit: Math.round(limit * 1_000_000),
    soft_limit_usd: limit,
    hard_limit_usd: limit,
    system_hard_limit_usd: limit,
    plan: { title: 'Pay-as-you-go', id: 'payg' },
    account_name: 'Fake Upstream',
    po_number: null,
    billing_email: null,
    tax_ids: null,
    billing_address: null,
    business_address: null,
  });
}

/** GET /v1/dashboard/billing/usage?start_date=&end_date=: `total_usage` is in cents. */
export async function billingUsageHandler(ctx: HandlerContext): Promise<void> {
  const cents = Math.round((ctx.spec.balanceUsed ?? 0) * 100 * 1000) / 1000;
  return ctx.reply.json({ object: 'list', daily_costs: [], total_usage: cents });
}

/** GET /user/balance (DeepSeek): balances are decimal strings per currency. */
export async function deepseekBalanceHandler(ctx: HandlerContext): Promise<void> {
  const balance = ctx.spec.balance ?? DEFAULT_BALANCE;
  return ctx.reply.json({
    is_available: balance > 0,
    balance_infos: [
      {
        currency: 'CNY',
        total_balance: balance.toFixed(2),
        granted_balance: '0.00',
        topped_up_balance: balance.toFixed(2),
      },
    ],
  });
}

/** GET /v1/user/info (SiliconFlow): `code: 20000` means success; balances are strings. */
export async function siliconflowUserInfoHandler(ctx: HandlerContext): Promise<void> {
  const balance = String(ctx.spec.balance ?? DEFAULT_BALANCE);
  return ctx.reply.json({
    code: 20000,
    message: 'OK',
    status: true,
    data: {
      id: 'fake-user',
      name: 'Fake Upstream',
      image: '',
      email: 'fake@example.com',
      isAdmin: false,
      balance: '0',
      status: 'normal',
      introduction: '',
      role: '',
      chargeBalance: balance,
      totalBalance: balance,
    },
  });
}
