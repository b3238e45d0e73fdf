import { channelTypeInfo, type BalanceApi } from '@gateway/contract';
import { request } from 'undici';
import { channelDispatcher } from '../../platform/http/outbound-guard.js';

/**
 * Provider metadata the console asks for: the upstream model list and the account balance. Not
 * part of the relay: plain GETs with a timeout, errors turned into messages an admin can act on.
 */

const TIMEOUT_MS = 15_000;

/** A failure to answer with `status`: 502 when the upstream failed, 400 when the request cannot work. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status = 502,
  ) {
    super(message);
  }
}

/** The channel's base URL, else its type's default. */
export function upstreamBase(type: number, baseUrl: string | null): string {
  const base = (baseUrl || channelTypeInfo(type)?.baseUrl || '').replace(/\/+$/, '');
  if (!base) throw new UpstreamError('该渠道类型没有默认地址，请填写渠道地址', 400);
  return base;
}

/** The first line of a stored key (channels hold one key; be lenient with pasted text). */
export const firstKeyLine = (key: string) => key.trim().split('\n')[0]?.trim() ?? '';

/** No redirects are followed (undici's request() does not): the key stays with the channel's host. */
async function getJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: 'GET',
      headers,
      dispatcher: channelDispatcher(),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (err) {
    throw new UpstreamError(`请求上游失败: ${(err as Error).message}`);
  }
  if (status !== 200) throw new UpstreamError(`上游返回状态码 ${status}${errorDetail(text)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UpstreamError(`解析响应失败: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UpstreamError('解析响应失败: 响应不是 JSON 对象');
  }
  return parsed as Record<string, unknown>;
}

/** The upstream's own error text, when it sent one, shortened. */
function errorDetail(text: string): string {
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof body.error === 'object' ? body.error?.message : (body.error ?? body.message);
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // not JSON: keep the raw text
  }
  message = message.trim().slice(0, 200);
  return message ? `: ${message}` : '';
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * Model ids from `GET <base>/v1/models` (Gemini: its OpenAI-compatible list, `models/` stripped),
 * for the types whose descriptor names a model-list API.
 */
export async function fetchUpstreamModels(
  type: number,
  baseUrl: string | null,
  key: string,
): Promise<string[]> {
  const api = channelTypeInfo(type)?.modelList;
  if (!api) throw new UpstreamError('该渠道类型不支持获取模型列表', 400);
  const base = upstreamBase(type, baseUrl);
  const gemini = api === 'gemini-openai';
  const body = await getJson(gemini ? `${base}/v1beta/openai/models` : `${base}/v1/models`, bearer(key));
  if (!Array.isArray(body.data)) throw new UpstreamError('解析响应失败: 缺少 data 列表');
  const ids = new Set<string>();
  for (const item of body.data as Array<{ id?: unknown }>) {
    if (typeof item?.id !== 'string') continue;
    ids.add(gemini ? item.id.replace(/^models\//, '') : item.id);
  }
  return [...ids];
}

const number = (value: unknown, what: string): number => {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new UpstreamError(`解析响应失败: 缺少 ${what}`);
  return n;
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** OpenAI's dashboard API: hard limit minus this period's usage (reported in cents). */
async function openAiBalance(base: string, key: string): Promise<number> {
  const sub = await getJson(`${base}/v1/dashboard/billing/subscription`, bearer(key));
  const now = new Date();
  const start = sub.has_payment_method
    ? `${ymd(now).slice(0, 7)}-01`
    : ymd(new Date(now.getTime() - 100 * 86_400_000));
  const usage = await getJson(
    `${base}/v1/dashboard/billing/usage?start_date=${start}&end_date=${ymd(now)}`,
    bearer(key),
  );
  return number(sub.hard_limit_usd, 'hard_limit_usd') - number(usage.total_usage, 'total_usage') / 100;
}

type BalanceFetcher = (base: string, key: string, customBase: boolean) => Promise<number>;

const AIPROXY_REPORT_BASE = 'https://aiproxy.io';

/**
 * Each balance API a descriptor can name (`balance`). Units are the provider's (USD, or CNY for
 * DeepSeek/SiliconFlow).
 */
const BALANCE_FETCHERS: Record<BalanceApi, BalanceFetcher> = {
  'openai-dashboard': openAiBalance,
  aiproxy: async (base, key, customBase) => {
    // The report API lives on the site, not on the relay host; a custom base URL is used as is.
    const root = customBase ? base : AIPROXY_REPORT_BASE;
    const body = await getJson(`${root}/api/report/getUserOverview`, { 'api-key': key });
    if (body.success !== true) throw new UpstreamError(`上游返回错误: ${String(body.message ?? '未知错误')}`);
    return number((body.data as { totalPoints?: unknown } | undefined)?.totalPoints, 'data.totalPoints');
  },
  api2gpt: async (base, key) =>
    number(
      (await getJson(`${base}/dashboard/billing/credit_grants`, bearer(key))).total_remaining,
      'total_remaining',
    ),
  aigc2d: async (base, key) =>
    number(
      (await getJson(`${base}/dashboard/billing/credit_grants`, bearer(key))).total_available,
      'total_available',
    ),
  siliconflow: async (base, key) => {
    const body = await getJson(`${base}/v1/user/info`, bearer(key));
    if (body.code !== 20000) throw new UpstreamError(`上游返回错误: ${String(body.message ?? body.code)}`);
    return number((body.data as { totalBalance?: unknown } | undefined)?.totalBalance, 'data.totalBalance');
  },
  deepseek: async (base, key) => {
    const body = await getJson(`${base}/user/balance`, bearer(key));
    const infos = Array.isArray(body.balance_infos)
      ? (body.balance_infos as Array<Record<string, unknown>>)
      : [];
    const cny = infos.find((i) => i.currency === 'CNY') ?? infos[0];
    return number(cny?.total_balance, 'balance_infos.total_balance');
  },
};

/** Whether the type's descriptor names a balance API. */
export const supportsBalance = (type: number) => channelTypeInfo(type)?.balance !== undefined;

/** The provider's current balance for this channel's key. */
export async function fetchBalance(type: number, baseUrl: string | null, key: string): Promise<number> {
  const api = channelTypeInfo(type)?.balance;
  if (!api) throw new UpstreamError('尚未实现', 400);
  const fetcher = BALANCE_FETCHERS[api];
  const base = upstreamBase(type, baseUrl);
  return fetcher(base, key, base !== channelTypeInfo(type)?.baseUrl);
}
