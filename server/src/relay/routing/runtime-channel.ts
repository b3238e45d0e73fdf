import type { ChannelRow } from '../../platform/db/schema.js';

export interface ChannelSetting {
  /** http(s) proxy URL for this channel's upstream calls. */
  proxy?: string;
  /** Turn reasoning_content into <think>…</think> text for clients that ignore reasoning. */
  thinking_to_content?: boolean;
}

/** A channel as the relay uses it: JSON columns parsed once per routing-table load. */
export interface RuntimeChannel {
  id: number;
  type: number;
  name: string;
  key: string;
  baseUrl: string;
  other: string;
  organization: string;
  modelMapping: Record<string, string>;
  statusCodeMapping: Record<string, string>;
  paramOverride: Record<string, unknown> | null;
  headers: Record<string, string>;
  setting: ChannelSetting;
  autoBan: boolean;
  status: number;
  testModel: string;
  models: string[];
  priority: number;
  weight: number;
  /** 0 = no limit; otherwise requests with longer (estimated) prompts skip this channel. */
  maxInputTokens: number;
}

function jsonObject<T extends object>(raw: string | null | undefined): T | null {
  if (!raw || !raw.trim()) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function toRuntimeChannel(row: ChannelRow): RuntimeChannel {
  const stringMap = (raw: string | null) => {
    const obj = jsonObject<Record<string, unknown>>(raw) ?? {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj))
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    return out;
  };
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    key: row.key.trim(),
    baseUrl: (row.base_url ?? '').trim().replace(/\/+$/, ''),
    other: row.other ?? '',
    organization: row.openai_organization ?? '',
    modelMapping: stringMap(row.model_mapping),
    statusCodeMapping: stringMap(row.status_code_mapping),
    paramOverride: jsonObject<Record<string, unknown>>(row.param_override),
    headers: stringMap(row.headers),
    setting: jsonObject<ChannelSetting>(row.setting) ?? {},
    autoBan: row.auto_ban === 1,
    status: row.status,
    testModel: row.test_model ?? '',
    models: splitList(row.models),
    priority: row.priority,
    weight: row.weight,
    maxInputTokens: row.max_input_tokens ?? 0,
  };
}
