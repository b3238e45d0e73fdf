import { describe, expect, it } from 'vitest';
import { OpenAIStreamTranslator } from './openai/stream.js';
import { jsonOf, testInbound } from './test-fixtures.js';
import { wholeAnswerFraming, wholeAnswerResponse, type WholeAnswerReader } from './whole-answer.js';

const read: WholeAnswerReader = (json) =>
  typeof json.reply === 'string'
    ? { text: json.reply, finish: 'stop' }
    : { error: { message: String(json.oops), type: 't', code: 'c', param: null } };

describe('whole answers of upstreams that cannot stream', () => {
  const inbound = testInbound(
    'chat',
    { model: 'pal', messages: [] },
    { stream: true, clientWantsUsage: true },
  );

  it('become an OpenAI chat.completion named after the client model, without usage', () => {
    const parsed = wholeAnswerResponse(inbound, Buffer.from('{"reply":"hello"}'), read);
    expect(parsed.error).toBeUndefined();
    expect(parsed.usage).toBeNull();
    expect(parsed.text()).toBe('hello');
    expect(jsonOf(parsed.body)).toMatchObject({
      object: 'chat.completion',
      model: 'pal',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
    });
  });

  it('stream as one content chunk and one finish chunk, once the body has ended', () => {
    const decoder = wholeAnswerFraming(read).decoder(inbound);
    expect(decoder.push(Buffer.from('{"reply":'))).toEqual([]);
    expect(decoder.push(Buffer.from('"hel lo"}'))).toEqual([]);
    const events = decoder.end();
    const translator = new OpenAIStreamTranslator(inbound);
    const frames = events.map((e) => translator.push(e)).join('');
    expect(translator.started).toBe(true);
    expect(translator.producedText()).toBe('hel lo');
    const chunks = frames
      .split('\n\n')
      .filter(Boolean)
      .map((f) => jsonOf(f.slice('data: '.length)));
    expect(chunks.map((c) => (c.choices as unknown[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'hel lo' }, logprobs: null, finish_reason: null },
      { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' },
    ]);
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'pal' });
    const closing = translator.finish({
      promptTokens: 3,
      completionTokens: 2,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(closing).toContain('"prompt_tokens":3');
    expect(closing.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('turn an error inside the answer into a failure before anything was sent', () => {
    const decoder = wholeAnswerFraming(read).decoder(inbound);
    decoder.push(Buffer.from('{"oops":"no library"}'));
    const translator = new OpenAIStreamTranslator(inbound);
    for (const e of decoder.end()) translator.push(e);
    expect(translator.started).toBe(false);
    expect(translator.failure).toMatchObject({ message: 'no library', status: 500 });
    expect(wholeAnswerResponse(inbound, Buffer.from('{"oops":"x"}'), read).error?.message).toBe('x');
    expect(wholeAnswerResponse(inbound, Buffer.from('<html>'), read).error?.code).toBe('bad_response_body');
  });
});
