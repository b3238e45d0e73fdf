import { describe, expect, it } from 'vitest';
import { useClaudeConversions } from './support/claude-conversions.js';

/**
 * What crosses the format boundary from the Anthropic SDK to an OpenAI channel: system, tools,
 * tool results, images, stop, thinking blocks. The OpenAI SDK on a Claude channel:
 * relay-claude-conversions.test.ts.
 */
describe('conversions between OpenAI chat and Anthropic Messages', () => {
  const h = useClaudeConversions();

  describe('Anthropic SDK → OpenAI channel', () => {
    it('sends chat with system, tools, tool results and images, and answers with tool_use blocks', async () => {
      h.upstream.scenario('oa-tools', {
        toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Lima"}' }],
      });
      await h.openaiChannel('oa-tools');
      const message = await h.anthropic().messages.create({
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
      expect(h.upstreamBody()).toEqual({
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
      h.upstream.scenario('oa-stream', {
        reasoningContent: 'Hmm.',
        content: 'Looking up.',
        toolCalls: [{ id: 'call_5', name: 'get_weather', arguments: '{"city":"Kyiv"}' }],
      });
      await h.openaiChannel('oa-stream');
      const stream = h.anthropic().messages.stream({
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
      expect(h.upstreamBody()).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });
  });
});
