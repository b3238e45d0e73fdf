import { describe, expect, it } from 'vitest';
import { jsonOf, testInbound, testTarget } from '../test-fixtures.js';
import { aiproxyLibraryAdapter } from './adapter.js';

describe('AIProxy knowledge base', () => {
  const target = testTarget(21, 'gpt-3.5-turbo', { key: 'ak-1', other: ' lib-42 ' });
  const body = {
    model: 'kb',
    messages: [
      { role: 'system', content: 'answer from the docs' },
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'an answer' },
      { role: 'user', content: 'how do I reset my password?' },
    ],
  };

  it('asks the last user message of the library named by `other`, with the key in Api-Key', async () => {
    const req = await aiproxyLibraryAdapter.buildRequest(testInbound('chat', body, { stream: true }), target);
    expect(req.url).toBe('http://up/api/library/ask');
    expect(req.headers['api-key']).toBe('ak-1');
    expect(req.headers.authorization).toBeUndefined();
    expect(jsonOf(req.body as string)).toEqual({
      model: 'gpt-3.5-turbo',
      query: 'how do I reset my password?',
      library_id: 'lib-42',
      stream: false,
    });
  });

  it('answers with the documents listed as references', () => {
    const answer = {
      success: true,
      answer: 'Use the reset link.',
      documents: [
        { title: 'Accounts', url: 'https://d/a' },
        { title: 'FAQ', url: 'https://d/f' },
      ],
      ErrCode: 0,
      Message: '',
    };
    const parsed = aiproxyLibraryAdapter.parseResponse(
      testInbound('chat', body),
      Buffer.from(JSON.stringify(answer)),
      'application/json',
      target,
    );
    const content = 'Use the reset link.\n\n参考文档：\n1. [Accounts](https://d/a)\n2. [FAQ](https://d/f)\n';
    expect(jsonOf(parsed.body)).toMatchObject({ choices: [{ message: { content } }] });
    expect(parsed.text()).toBe(content);
  });

  it('reports success:false (inside a 200 or with an error status) with its code and message', () => {
    const refusal = Buffer.from(
      JSON.stringify({ success: false, ErrCode: 10001, Message: 'library not found' }),
    );
    const parsed = aiproxyLibraryAdapter.parseResponse(
      testInbound('chat', body),
      refusal,
      'application/json',
      target,
    );
    expect(parsed.error).toEqual({
      message: 'library not found',
      type: 'aiproxy_error',
      code: '10001',
      param: null,
    });
    expect(aiproxyLibraryAdapter.parseError(401, refusal)).toMatchObject({
      message: 'library not found',
      code: '10001',
    });
    expect(aiproxyLibraryAdapter.parseError(502, Buffer.from('Bad Gateway'))).toMatchObject({
      message: 'Bad Gateway',
    });
  });
});
