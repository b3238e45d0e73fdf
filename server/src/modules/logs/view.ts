import type { LogView } from '@gateway/contract';
import type { LogRow } from '../../platform/db/schema.js';

export function toLogView(row: LogRow, channelName = ''): LogView {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: Number(row.created_at),
    type: row.type,
    content: row.content ?? '',
    username: row.username,
    token_name: row.token_name,
    token_id: row.token_id,
    model_name: row.model_name,
    quota: Number(row.quota),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    channel: row.channel_id,
    channel_name: channelName,
    group: row.group,
    other: row.other ?? '',
    request_id: row.request_id,
  };
}

/**
 * A log as its owner sees it: no channel name, no `admin_info` (which channels were tried).
 * Unreadable `other` text is dropped rather than shown, since it may hold admin details.
 */
export function toUserLogView(row: LogRow): LogView {
  const view = toLogView(row);
  if (view.other) {
    try {
      const other: unknown = JSON.parse(view.other);
      if (typeof other === 'object' && other !== null && !Array.isArray(other)) {
        delete (other as Record<string, unknown>).admin_info;
        view.other = JSON.stringify(other);
      } else {
        view.other = '';
      }
    } catch {
      view.other = '';
    }
  }
  return view;
}
