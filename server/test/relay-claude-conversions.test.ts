import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/** What crosses the format boundary: tools, images, system, stop, thinking, headers, max_tokens. */
describe('conversions between OpenAI chat and Anthropic Messages', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let apiKey: string;

  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value });
    expect(res.body.success, res.body.message).toBe(true);
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await setOption('ModelRatio', JSON.stringify({ 'claude-c': 1, 'claude-c-thinking': 1 }));
    const user = await registerAndLogin(gw.url, 'converter');
    await setUserQuota(gw, user.userId!, 10_000_000);
    apiKey = (await addToken(gw, user.userId!, { unlimited: true })).apiKey;
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(async () => {
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey, baseURL: gw.url, maxRetries: 0 });
  const claudeChannel = (key: string) =>
    addChannel(gw, { type: 14, key, baseUrl: upstream.url, models: ['claude-c', 'claude-c-thinking'] });
  const openaiChannel = (key: string) =>
    addChannel(gw, { type: 1, key, baseUrl: upstream.url, models: ['claude-c'] });
  const upstreamBody = () => upstream.requests.last()!.body as Record<string, unknown>;

  const WEATHER_TOOL: OpenAI.ChatCompletionTool = {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  };

  describe('OpenAI SDK → Claude channel', () => {
    it('sends system, images, stop, tools and a tool round trip in Anthropic form', async () => {
      upstream.scenario('cl-tools', {
        toolCalls: [{ id: 'toolu_2', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      });
      await claudeChannel('cl-tools');
      const res = await openai().chat.completions.create({
        model: 'claude-c',
        max_tokens: 300,
        stop: ['###'],
        temperature: 0.4,
        tools: [WEATHER_TOOL],
        tool_choice: 'required',
        messages: [
          { role: 'system', content: 'You are terse.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Weather where this photo was taken?' },
              { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/AAAA' } },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'toolu_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'toolu_1', content: 'rain' },
          { role: 'user', content: 'And in Oslo?' },
        ],
      });
      expect(upstreamBody()).toEqual({
        model: 'claude-c',
        max_tokens: 300,
        system: 'You are terse.',
        temperature: 0.4,
        stop_sequences: ['###'],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather for a city',
            input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
        tool_choice: { type: 'any' },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Weather where this photo was taken?' },
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/AAAA' } },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: 'rain' },
              { type: 'text', text: 'And in Oslo?' },
            ],
          },
        ],
      });
      const choice = res.choices[0]!;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBeNull();
      expect(choice.message.tool_calls).toEqual([
        { id: 'toolu_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
      ]);
    });

    it('streams text, then tool-call deltas the SDK assembles', async () => {
      upstream.scenario('cl-stream-tools', {
        content: 'Checking.',
        toolCalls: [{ id: 'toolu_3', name: 'get_weather', arguments: '{"city":"Rome"}' }],
      });
      await claudeChannel('cl-stream-tools');
      const stream = openai().chat.completions.stream({
        model: 'claude-c',
        tools: [WEATHER_TOOL],
        messages: [{ role: 'user', content: 'Rome?' }],
      });
      const final = await stream.finalChatCompletion();
      expect(final.choices[0]!.message.content).toBe('Checking.');
      expect(final.choices[0]!.message.tool_calls).toEqual([
        expect.objectContaining({
          id: 'toolu_3',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
        }),
      ]);
      expect(final.choices[0]!.finish_reason).toBe('tool_calls');
      // No max_tokens from the client: claude.default_max_tokens (default 8192).
      expect(upstreamBody()).toMatchObject({ max_tokens: 8192, stream: true });
    });

    it('applies the -thinking adapter, a per-model max_tokens default and per-model headers', async () => {
      await setOption(
        'claude.default_max_tokens',
        JSON.stringify({ default: 8192, 'claude-c-thinking': 2000 }),
      );
      await setOption(
        'claude.model_headers_settings',
        JSON.stringify({ 'claude-c-thinking': { 'anthropic-beta': ['x-1', 'y-2'] } }),
      );
      await setOption('claude.thinking_adapter_budget_tokens_percentage', '0.5');
      upstream.scenario('cl-think', { reasoningContent: 'Let me think.', content: 'Forty-two.' });
      await claudeChannel('cl-think');
      const res = await openai().chat.completions.create({
        model: 'claude-c-thinking',
        top_p: 0.3,
        messages: [{ role: 'user', content: 'Meaning of life?' }],
      });
      expect(upstreamBody()).toMatchObject({
        model: 'claude-c',
        max_tokens: 2000,
        // 2000 × 0.5 is below Anthropic's minimum budget: raised to 1024.
        thinking: { type: 'enabled', budget_tokens: 1024 },
        temperature: 1,
      });
      expect(upstreamBody()).not.toHaveProperty('top_p');
      expect(upstream.requests.last()!.headers['anthropic-beta']).toBe('x-1,y-2');
      const message = res.choices[0]!.message as OpenAI.ChatCompletionMessage & {
        reasoning_content?: string;
      };
      expect(message.content).toBe('Forty-two.');
      expect(message.reasoning_content).toBe('Let me think.');
    });

    it('maps Claude stop reasons: max_tokens → length', async () => {
      upstream.scenario('cl-long', { content: 'cut', finishReason: 'max_tokens' });
      await claudeChannel('cl-long');
      const res = await openai().chat.completions.create({
        model: 'claude-c',
        messages: [{ role: 'user', content: 'x' }],
      });
      expect(res.choices[0]!.finish_reason).toBe('length');
    });
  });

  describe('Anthropic SDK → OpenAI channel', () => {
    it('sends chat with system, tools, tool results and images, and answers with tool_use blocks', async () => {
      upstream.scenario('oa-tools', {
        toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Lima"}' }],
      });
      await openaiChannel('oa-tools');
      const message = await anthropic().messages.create({
        model: 'claude-c',
        max_tokens: 200,
        system: 'Be terse.',
        stop_sequences: ['###'],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather for a city',
            input_schema: { type: 'object', properties: { city: { type: 'string' } } },
          },
        ],
        tool_choice: { type: 'auto' },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Weather?' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Quito' } }],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' },
              { type: 'text', text: 'Now Lima.' },
            ],
          },
        ],
      });
      expect(upstreamBody()).toEqual({
        model: 'claude-c',
        max_tokens: 200,
        stop: ['###'],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Weather for a city',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
        tool_choice: 'auto',
        messages: [
          { role: 'system', content: 'Be terse.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Weather?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Quito"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          { role: 'user', content: 'Now Lima.' },
        ],
      });
      expect(message.stop_reason).toBe('tool_use');
      expect(message.content).toEqual([
        expect.objectContaining({
          type: 'tool_use',
          id: 'call_9',
          name: 'get_weather',
          input: { city: 'Lima' },
        }),
      ]);
    });

    it('streams reasoning as a thinking block, text, and a tool call the SDK parses', async () => {
      upstream.scenario('oa-stream', {
        reasoningContent: 'Hmm.',
        content: 'Looking up.',
        toolCalls: [{ id: 'call_5', name: 'get_weather', arguments: '{"city":"Kyiv"}' }],
      });
      await openaiChannel('oa-stream');
      const stream = anthropic().messages.stream({
        model: 'claude-c',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Kyiv?' }],
      });
      const message = await stream.finalMessage();
      expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
      expect(message.content[0]).toMatchObject({ type: 'thinking', thinking: 'Hmm.' });
      expect(message.content[1]).toMatchObject({ type: 'text', text: 'Looking up.' });
      expect(message.content[2]).toMatchObject({
        type: 'tool_use',
        id: 'call_5',
        name: 'get_weather',
        input: { city: 'Kyiv' },
      });
      expect(message.stop_reason).toBe('tool_use');
      expect(upstreamBody()).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });
  });
});
