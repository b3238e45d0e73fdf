import type { LogView, Page } from '@gateway/contract';

/** Log rows for the usage log's component tests. */
export const logRow = (overrides: Partial<LogView> = {}): LogView => ({
  id: 1,
  user_id: 2,
  created_at: 1_700_000_000,
  type: 2,
  content: '模型倍率 2.00，补全倍率 3.00，分组倍率 1.00',
  username: 'alice',
  token_name: 'laptop',
  token_id: 5,
  model_name: 'gpt-4o',
  quota: 500,
  prompt_tokens: 100,
  completion_tokens: 50,
  use_time: 3,
  is_stream: false,
  channel: 3,
  channel_name: 'openai-main',
  group: 'default',
  other: JSON.stringify({
    model_ratio: 2,
    group_ratio: 1,
    completion_ratio: 3,
    model_price: -1,
    cache_tokens: 0,
    cache_ratio: 1,
    request_path: '/v1/chat/completions',
    admin_info: { use_channel: ['3'] },
  }),
  request_id: 'req-1',
  ...overrides,
});

export const logPage = (items: LogView[]): Page<LogView> => ({
  items,
  total: items.length,
  page: 1,
  page_size: 10,
});
