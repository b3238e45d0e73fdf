import { maskHeaderValues, type ChannelView } from '@gateway/contract';
import type { ChannelRow } from '../../platform/db/schema.js';

/** What other_info records about the last automatic status change. */
export interface ChannelStatusInfo {
  status_reason?: string;
  status_time?: number;
}

export function parseStatusInfo(otherInfo: string | null): ChannelStatusInfo {
  if (!otherInfo) return {};
  try {
    const parsed: unknown = JSON.parse(otherInfo);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ChannelStatusInfo)
      : {};
  } catch {
    return {};
  }
}

/** A channel row as responses show it: the key and custom header values never leave the server. */
export function toChannelView(row: ChannelRow): ChannelView {
  const info = parseStatusInfo(row.other_info);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    openai_organization: row.openai_organization ?? '',
    test_model: row.test_model ?? '',
    models: row.models,
    group: row.group,
    tag: row.tag || null,
    priority: Number(row.priority),
    weight: Number(row.weight),
    auto_ban: row.auto_ban,
    model_mapping: row.model_mapping ?? '',
    status_code_mapping: row.status_code_mapping ?? '',
    setting: row.setting ?? '',
    param_override: row.param_override ?? '',
    headers: maskHeaderValues(row.headers),
    max_input_tokens: row.max_input_tokens,
    response_time: row.response_time,
    test_time: Number(row.test_time),
    balance: Number(row.balance),
    balance_updated_time: Number(row.balance_updated_time),
    used_quota: Number(row.used_quota),
    created_time: Number(row.created_time),
    other_info: row.other_info ?? '',
    status_reason: typeof info.status_reason === 'string' ? info.status_reason : '',
    status_time: typeof info.status_time === 'number' ? info.status_time : 0,
  };
}
