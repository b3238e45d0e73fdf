import { describe, expect, it } from 'vitest';
import { sparkEndpoint, sparkRequestFrame, sparkVersion } from './request.js';

describe('Spark request', () => {
  it('takes the version from a SparkDesk model, else the channel, else v2.1', () => {
    expect(sparkVersion('SparkDesk-v3.5', 'v1.1')).toBe('v3.5');
    expect(sparkVersion('spark-lite', 'v4.0')).toBe('v4.0');
    expect(sparkVersion('spark-lite', ' ')).toBe('v2.1');
  });

  it('maps versions to socket paths and domains', () => {
    expect(sparkEndpoint('v1.1')).toEqual({ path: '/v1.1/chat', domain: 'general' });
    expect(sparkEndpoint('v2.1')).toEqual({ path: '/v2.1/chat', domain: 'generalv2' });
    expect(sparkEndpoint('v3.1')).toEqual({ path: '/v3.1/chat', domain: 'generalv3' });
    expect(sparkEndpoint('v3.5')).toEqual({ path: '/v3.5/chat', domain: 'generalv3.5' });
    expect(sparkEndpoint('v4.0')).toEqual({ path: '/v4.0/chat', domain: '4.0Ultra' });
    expect(sparkEndpoint('pro-128k')).toEqual({ path: '/chat/pro-128k', domain: 'pro-128k' });
    expect(() => sparkEndpoint('../x?y')).toThrow();
  });

  it('builds the frame from an OpenAI chat body', () => {
    const frame = sparkRequestFrame(
      {
        model: 'SparkDesk-v3.5',
        temperature: 0.5,
        max_tokens: 100,
        top_k: 3,
        user: 'u'.repeat(40),
        messages: [
          { role: 'system', content: 'be brief' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'hi ' },
              { type: 'text', text: 'there' },
            ],
          },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function' }] },
          { role: 'tool', content: '{"temp":20}', tool_call_id: 'c' },
        ],
        tools: [
          {
            type: 'function',
            function: { name: 'weather', description: 'd', parameters: { type: 'object' } },
          },
        ],
      },
      'generalv3.5',
      'app1',
    );
    expect(frame).toEqual({
      header: { app_id: 'app1', uid: 'u'.repeat(32) },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 100, top_k: 3 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: 'hi there' },
            { role: 'user', content: '{"temp":20}' },
          ],
        },
        functions: { text: [{ name: 'weather', description: 'd', parameters: { type: 'object' } }] },
      },
    });
  });

  it('sends only what was given', () => {
    expect(sparkRequestFrame({ messages: [{ role: 'user', content: 'x' }] }, 'generalv2', 'a')).toEqual({
      header: { app_id: 'a' },
      parameter: { chat: { domain: 'generalv2' } },
      payload: { message: { text: [{ role: 'user', content: 'x' }] } },
    });
  });
});
