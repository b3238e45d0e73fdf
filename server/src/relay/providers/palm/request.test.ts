import { describe, expect, it } from 'vitest';
import { jsonOf, testInbound, testTarget } from '../test-fixtures.js';
import { palmAdapter } from './adapter.js';

describe('PaLM generateMessage', () => {
  const body = {
    model: 'PaLM-2',
    messages: [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: [{ type: 'text', text: 'how are you?' }] },
    ],
    temperature: 0.3,
    top_p: 0.9,
    top_k: 40,
    stream: true,
  };

  it('posts the conversation as a prompt with the system text as context, key in the query', async () => {
    const req = await palmAdapter.buildRequest(
      testInbound('chat', body, { stream: true }),
      testTarget(11, 'PaLM-2', { key: 'AIza k' }),
    );
    expect(req.url).toBe('http://up/v1beta2/models/chat-bison-001:generateMessage?key=AIza%20k');
    expect(jsonOf(req.body as string)).toEqual({
      prompt: {
        context: 'be brief',
        messages: [
          { author: '0', content: 'hi' },
          { author: '1', content: 'hello' },
          { author: '0', content: 'how are you?' },
        ],
      },
      candidateCount: 1,
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
    });
  });

  it('keeps a chat-bison model name the channel maps to', async () => {
    const req = await palmAdapter.buildRequest(testInbound('chat', body), testTarget(11, 'chat-bison-002'));
    expect(req.url).toContain('/models/chat-bison-002:generateMessage');
  });

  it('answers the first candidate; no candidate (a filtered prompt) is an error', () => {
    const inbound = testInbound('chat', body);
    const ok = palmAdapter.parseResponse(
      inbound,
      Buffer.from(JSON.stringify({ candidates: [{ author: '1', content: 'fine' }] })),
      'application/json',
      testTarget(11, 'PaLM-2'),
    );
    expect(jsonOf(ok.body)).toMatchObject({ model: 'PaLM-2', choices: [{ message: { content: 'fine' } }] });
    const blocked = palmAdapter.parseResponse(
      inbound,
      Buffer.from(JSON.stringify({ filters: [{ reason: 'OTHER' }] })),
      'application/json',
      testTarget(11, 'PaLM-2'),
    );
    expect(blocked.error).toMatchObject({
      message: 'No candidates returned (filtered: OTHER)',
      code: 'no_candidates',
    });
  });

  it("reads Google's error bodies", () => {
    const err = Buffer.from(
      JSON.stringify({ error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } }),
    );
    expect(palmAdapter.parseError(400, err)).toMatchObject({
      message: 'API key not valid',
      type: 'INVALID_ARGUMENT',
    });
  });
});
