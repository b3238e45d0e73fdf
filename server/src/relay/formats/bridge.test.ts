import { describe, expect, it } from 'vitest';
import { claudeAdapter } from '../providers/anthropic/adapter.js';
import { openAIAdapter } from '../providers/openai/adapter.js';
import type { InboundRequest, UpstreamTarget } from '../providers/types.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import { anthropicMessages } from './anthropic-messages/index.js';
import { bridgeAdapter } from './bridge.js';
import { openAIChat } from './openai-chat/index.js';

const inbound = (mode: 'chat' | 'messages', body: Record<string, unknown>): InboundRequest => ({
  mode,
  path: mode === 'chat' ? '/v1/chat/completions' : '/v1/messages',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: false,
});

const target = (type: number): UpstreamTarget => ({
  channel: {
    type,
    key: 'k',
    baseUrl: 'http://up',
    headers: {},
    paramOverride: null,
    setting: {},
  } as RuntimeChannel,
  upstreamModel: 'm',
  includeUsage: true,
  passThrough: false,
  azureApiVersion: '',
});

describe('the hub bridge', () => {
  it('sends an Anthropic request to an OpenAI upstream as chat, with the OpenAI adapter tweaks', async () => {
    const bridge = bridgeAdapter(openAIAdapter, anthropicMessages);
    const req = await bridge.buildRequest(
      inbound('messages', {
        model: 'm',
        max_tokens: 5,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
      target(1),
    );
    expect(req.url).toBe('http://up/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer k');
    expect(JSON.parse(String(req.body))).toEqual({
      model: 'm',
      max_tokens: 5,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('converts a Claude answer for a chat client and keeps the usage the upstream reported', () => {
    const bridge = bridgeAdapter(claudeAdapter, openAIChat);
    const body = Buffer.from(
      JSON.stringify({
        id: 'msg_1',
        type: 'message',
        model: 'm',
        content: [{ type: 'text', text: 'hello' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 3, output_tokens: 2, cache_read_input_tokens: 1 },
      }),
    );
    const parsed = bridge.parseResponse(
      inbound('chat', { model: 'm', messages: [] }),
      body,
      'application/json',
      target(14),
    );
    expect(parsed.usage).toEqual({
      promptTokens: 4,
      completionTokens: 2,
      cachedTokens: 1,
      cacheCreationTokens: 0,
    });
    expect(parsed.text()).toBe('hello');
    expect(JSON.parse(parsed.body.toString())).toMatchObject({
      id: 'chatcmpl-msg_1',
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 1 } },
    });
  });

  it('streams OpenAI chunks to an Anthropic client, tracking the commit point, usage and produced text', () => {
    const bridge = bridgeAdapter(openAIAdapter, anthropicMessages);
    const t = bridge.streamTranslator(
      inbound('messages', { model: 'm', stream: true, messages: [] }),
      target(1),
    );
    const chunk = (payload: unknown) => ({ event: 'message', data: JSON.stringify(payload) });
    expect(
      t.push(
        chunk({ id: 'c1', model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }),
      ),
    ).toContain('event: message_start');
    expect(t.started).toBe(false);
    expect(t.push(chunk({ choices: [{ index: 0, delta: { content: 'Hi' } }] }))).toContain('"text_delta"');
    expect(t.started).toBe(true);
    t.push(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    expect(t.push(chunk({ choices: [], usage: { prompt_tokens: 6, completion_tokens: 1 } }))).toBe('');
    expect(t.usage).toEqual({
      promptTokens: 6,
      completionTokens: 1,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(t.producedText()).toBe('Hi');
    expect(
      t.finish({ promptTokens: 6, completionTokens: 1, cachedTokens: 0, cacheCreationTokens: 0 }),
    ).toContain('"stop_reason":"end_turn"');
    expect(t.push(chunk({ error: { message: 'late', type: 'server_error' } }))).toBe('');
    expect(t.failure).toEqual({
      message: 'late',
      type: 'server_error',
      code: 'server_error',
      param: null,
      status: 500,
    });
  });
});
