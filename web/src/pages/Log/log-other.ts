import { LogType, type LogView } from '@gateway/contract';

/** What the relay writes into a consume log's `other` JSON (server/src/relay/consume-log.ts). */
export interface LogOther {
  model_ratio?: number;
  group_ratio?: number;
  completion_ratio?: number;
  /** A fixed price per call; -1 when the call was priced by ratios. */
  model_price?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** Time to the first streamed token, in milliseconds. */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  request_path?: string;
  usage_counted_locally?: boolean;
  reasoning_effort?: string;
  /** Admins only: the channels tried, in order. */
  admin_info?: { use_channel?: Array<string | number> | null };
}

/** The parsed `other`, or null when it is empty or not a JSON object. */
export function parseLogOther(raw: string): LogOther | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LogOther) : null;
  } catch {
    return null;
  }
}

/** Consume rows (and rows of unknown type, which old consoles treated alike) carry usage. */
export const isUsageLog = (log: Pick<LogView, 'type'>) =>
  log.type === LogType.Consume || log.type === LogType.Unknown;

export type SpeedColor = 'green' | 'orange' | 'red';

/** Request duration colour: under 101 s green, under 300 s orange, else red (document 2, section 4). */
export function durationColor(seconds: number): SpeedColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time colour: under 3 s green, under 10 s orange, else red. */
export function firstTokenColor(milliseconds: number): SpeedColor {
  if (milliseconds < 3000) return 'green';
  if (milliseconds < 10_000) return 'orange';
  return 'red';
}

/** "1 → 3 → 2": the channels a request went through, or null when the log does not say. */
export function retryPath(other: LogOther | null): string | null {
  const channels = other?.admin_info?.use_channel;
  if (!Array.isArray(channels) || channels.length === 0) return null;
  return channels.map(String).join(' → ');
}

export const hasFixedPrice = (other: LogOther | null) =>
  typeof other?.model_price === 'number' && other.model_price >= 0;

/** A ratio as the log shows it: 2 → "2", 0.333333 → "0.3333". */
export const formatRatio = (value: number | undefined) =>
  value === undefined ? '-' : String(Number(value.toFixed(4)));
