import type { ChannelView, Page } from '@gateway/contract';

/** A stored channel as the API shows it, for component tests. */
export function channelView(overrides: Partial<ChannelView> = {}): ChannelView {
  return {
    id: 1,
    type: 1,
    name: 'openai-main',
    status: 1,
    base_url: '',
    other: '',
    openai_organization: '',
    test_model: '',
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default',
    tag: null,
    priority: 0,
    weight: 0,
    auto_ban: 1,
    model_mapping: '',
    status_code_mapping: '',
    setting: '',
    param_override: '',
    headers: '',
    max_input_tokens: 0,
    response_time: 0,
    test_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
    created_time: 1_700_000_000,
    other_info: '',
    status_reason: '',
    status_time: 0,
    ...overrides,
  };
}

export const pageOf = (items: ChannelView[]): Page<ChannelView> => ({
  items,
  total: items.length,
  page: 1,
  page_size: 10,
});
