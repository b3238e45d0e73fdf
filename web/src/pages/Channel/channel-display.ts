import type { Tag } from '@douyinfe/semi-ui-19';
import { channelTypeInfo, type BalanceApi } from '@gateway/contract';
import type { ComponentProps } from 'react';

type TagColor = NonNullable<ComponentProps<typeof Tag>['color']>;

/**
 * How a channel's numbers look in the list (spec 2 §4): pure functions, so the colour rules are
 * tested without rendering.
 */

/** 0 untested (grey); up to 1 s green; up to 3 s lime; up to 5 s yellow; more red. */
export function responseTimeColor(ms: number): TagColor {
  if (ms <= 0) return 'grey';
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}

/** Seconds with two decimals, e.g. 1234 ms → "1.23". */
export const msToSeconds = (ms: number) => (ms / 1000).toFixed(2);

/** The unit each balance API (a channel type descriptor's `balance`) reports in. */
const BALANCE_UNITS: Record<BalanceApi, 'usd' | 'cny' | 'points'> = {
  'openai-dashboard': 'usd',
  aiproxy: 'points',
  api2gpt: 'usd',
  aigc2d: 'points',
  siliconflow: 'cny',
  deepseek: 'cny',
};

const balanceUnit = (type: number) => {
  const api = channelTypeInfo(type)?.balance;
  return api ? BALANCE_UNITS[api] : undefined;
};

export const hasBalanceApi = (type: number) => balanceUnit(type) !== undefined;

/** "$12.30", "¥5.00" or a plain number of points; null when the type has no balance API. */
export function balanceText(type: number, balance: number): string | null {
  const unit = balanceUnit(type);
  if (!unit) return null;
  if (unit === 'usd') return `$${balance.toFixed(2)}`;
  if (unit === 'cny') return `¥${balance.toFixed(2)}`;
  return balance.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Document 1 §9: vip and pro yellow; svip and premium red; other groups neutral. */
export function groupColor(group: string): TagColor {
  const name = group.toLowerCase();
  if (name === 'vip' || name === 'pro') return 'yellow';
  if (name === 'svip' || name === 'premium') return 'red';
  return 'white';
}

/** A unix-seconds time as "2024-05-01 13:45:10" in the browser's zone; '' for 0. */
export function formatUnixTime(seconds: number): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** A comma string as a clean list (group and models columns). */
export const commaList = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
