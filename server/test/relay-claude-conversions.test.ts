import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useClaudeConversions, WEATHER_TOOL } from './support/claude-conversions.js';

/**
 * What crosses the format boundary from the OpenAI SDK to a Claude channel: tools, images,
 * system, stop, thinking, headers, max_tokens. The Anthropic SDK on an OpenAI channel:
 * relay-claude-conversions-anthropic.test.ts.
 */
describe('conversions between OpenAI chat and Anthropic Messages', () => {
  const h = useClaudeConversions();

  describe('OpenAI SDK → Claude channel', () => {
    it('sends system, images, stop, tools and a tool round trip in Anthropic form', async () => {
      h.upstream.scenario('cl-tools', {
        toolCalls: [{ id: 'toolu_2', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      });
      await h.claudeChannel('cl-tools');
      const res = await h.openai().chat.completions.create({
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
      expect(h.upstreamBody()).toEqual({
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
      h.upstream.scenario('cl-stream-tools', {
        content: 'Checking.',
        toolCalls: [{ id: 'toolu_3', name: 'get_weather', arguments: '{"city":"Rome"}' }],
      });
      await h.claudeChannel('cl-stream-tools');
      const stream = h.openai().chat.completions.stream({
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
      expect(h.upstreamBody()).toMatchObject({ max_tokens: 8192, stream: true });
    });

    it('applies the -thinking adapter, a per-model max_tokens default and per-model headers', async () => {
      await h.setOption(
        'claude.default_max_tokens',
        JSON.stringify({ default: 8192, 'claude-c-thinking': 2000 }),
      );
      await h.setOption(
        'claude.model_headers_settings',
        JSON.stringify({ 'claude-c-thinking': { 'anthropic-beta': ['x-1', 'y-2'] } }),
      );
      await h.setOption('claude.thinking_adapter_budget_tokens_percentage', '0.5');
      h.upstream.scenario('cl-think', { reasoningContent: 'Let me think.', content: 'Forty-two.' });
      await h.claudeChannel('cl-think');
      const res = await h.openai().chat.completions.create({
        model: 'claude-c-thinking',
        top_p: 0.3,
        messages: [{ role: 'user', content: 'Meaning of life?' }],
      });
      expect(h.upstreamBody()).toMatchObject({
        model: 'claude-c',
        max_tokens: 2000,
        // 2000 × 0.5 is below Anthropic's minimum budget: raised to 1024.
        thinking: { type: 'enabled', budget_tokens: 1024 },
        temperature: 1,
      });
      expect(h.upstreamBody()).not.toHaveProperty('top_p');
      expect(h.upstream.requests.last()!.headers['anthropic-beta']).toBe('x-1,y-2');
      const message = res.choices[0]!.message as OpenAI.ChatCompletionMessage & {
        reasoning_content?: string;
      };
      expect(message.content).toBe('Forty-two.');
      expect(message.reasoning_content).toBe('Let me think.');
    });

    it('maps Claude stop reasons: max_tokens → length', async () => {
      h.upstream.scenario('cl-long', { content: 'cut', finishReason: 'max_tokens' });
      await h.claudeChannel('cl-long');
      const res = await h.openai().chat.completions.create({
        model: 'claude-c',
        messages: [{ role: 'user', content: 'x' }],
      });
      expect(res.choices[0]!.finish_reason).toBe('length');
    });
  });
});
