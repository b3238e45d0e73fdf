import { describe, expect, it } from 'vitest';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { GeminiSettings, InboundRequest, UpstreamTarget } from '../types.js';
import { geminiAdapter } from './adapter.js';
import { geminiBody, geminiHeaders, geminiUrl } from './request.js';
import { GeminiPassThroughTranslator } from './stream.js';

const SETTINGS: GeminiSettings = {
  versions: { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
  safety: { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
  thinkingAdapter: true,
  thinkingBudgetShare: 0.5,
};

const inbound = (body: Record<string, unknown>, over: Partial<InboundRequest> = {}): InboundRequest => ({
  mode: 'gemini',
  path: '/v1beta/models/m:generateContent',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: 'm',
  stream: false,
  clientWantsUsage: false,
  ...over,
});

const target = (
  upstreamModel: string,
  channel: Partial<RuntimeChannel> = {},
  settings = SETTINGS,
): UpstreamTarget => ({
  channel: {
    type: 24,
    key: 'AIza-key',
    baseUrl: 'http://up',
    headers: {},
    paramOverride: null,
    ...channel,
  } as RuntimeChannel,
  upstreamModel,
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
  gemini: settings,
});

const json = (b: string | Buffer) => JSON.parse(b.toString()) as Record<string, unknown>;
const CONTENTS = [{ role: 'user', parts: [{ text: 'hi' }] }];

describe('Gemini upstream requests', () => {
  it('builds <base>/<version>/models/<model>:method, the version from gemini.version_settings', () => {
    expect(geminiUrl(inbound({}), target('gemini-2.5-flash'))).toBe(
      'http://up/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(geminiUrl(inbound({}, { stream: true }), target('gemini-1.0-pro'))).toBe(
      'http://up/v1/models/gemini-1.0-pro:streamGenerateContent?alt=sse',
    );
    expect(geminiUrl(inbound({}), target('m', { baseUrl: '' }))).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/m:generateContent',
    );
  });

  it('sends the key in x-goog-api-key only (never in the URL), then the channel headers', () => {
    const t = target('m', { headers: { 'X-Extra': '1' } });
    expect(geminiHeaders(inbound({}, { stream: true }), t)).toEqual({
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-goog-api-key': 'AIza-key',
      'x-extra': '1',
    });
    expect(geminiUrl(inbound({}), t)).not.toContain('AIza-key');
  });

  it("forwards a Gemini client's bytes; converted requests get gemini.safety_settings", () => {
    const req = inbound({ contents: CONTENTS });
    expect(geminiBody(req, target('m'))).toBe(req.raw);
    const converted = json(geminiBody(inbound({ contents: CONTENTS }, { converted: true }), target('m')));
    expect(converted.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
    // Without a default, only the named categories are set.
    const named = { ...SETTINGS, safety: { HARM_CATEGORY_HATE_SPEECH: 'BLOCK_ONLY_HIGH' } };
    expect(
      json(geminiBody(inbound({ contents: CONTENTS }, { converted: true }), target('m', {}, named)))
        .safetySettings,
    ).toEqual([{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }]);
  });

  it('applies the thinking adapter: -thinking (budget = max × share), -thinking-<n>, -nothinking', () => {
    const body = { contents: CONTENTS, generationConfig: { maxOutputTokens: 1000, temperature: 0.1 } };
    const thinking = target('g-thinking');
    expect(geminiUrl(inbound(body), thinking)).toBe('http://up/v1beta/models/g:generateContent');
    expect(json(geminiBody(inbound(body), thinking)).generationConfig).toEqual({
      maxOutputTokens: 1000,
      temperature: 0.1,
      thinkingConfig: { thinkingBudget: 500, includeThoughts: true },
    });
    expect(json(geminiBody(inbound({ contents: CONTENTS }), thinking)).generationConfig).toEqual({
      thinkingConfig: { thinkingBudget: -1, includeThoughts: true },
    });
    expect(json(geminiBody(inbound(body), target('g-thinking-128'))).generationConfig).toMatchObject({
      thinkingConfig: { thinkingBudget: 128, includeThoughts: true },
    });
    expect(json(geminiBody(inbound(body), target('g-nothinking'))).generationConfig).toMatchObject({
      thinkingConfig: { thinkingBudget: 0 },
    });
    // Off: the name is sent as it is and the body is untouched.
    const off = target('g-thinking', {}, { ...SETTINGS, thinkingAdapter: false });
    expect(geminiUrl(inbound(body), off)).toBe('http://up/v1beta/models/g-thinking:generateContent');
    const plain = inbound(body);
    expect(geminiBody(plain, off)).toBe(plain.raw);
  });

  it("turns a converted request's reasoning effort into a thinking budget per level", () => {
    const body = { contents: CONTENTS };
    const config = (effort: string, b: Record<string, unknown> = body) =>
      (
        json(geminiBody(inbound(b, { reasoningEffort: effort, converted: true }), target('gemini-2.5-flash')))
          .generationConfig as Record<string, unknown> | undefined
      )?.thinkingConfig;
    expect(config('low')).toEqual({ thinkingBudget: 1024, includeThoughts: true });
    expect(config('medium')).toEqual({ thinkingBudget: 8192, includeThoughts: true });
    expect(config('high')).toEqual({ thinkingBudget: 24576, includeThoughts: true });
    expect(config('minimal')).toBeUndefined();
    // A budget the request already carries (an Anthropic client's thinking) is kept.
    const own = { contents: CONTENTS, generationConfig: { thinkingConfig: { thinkingBudget: 2000 } } };
    expect(config('high', own)).toEqual({ thinkingBudget: 2000 });
  });

  it('applies param_override last', () => {
    const out = json(
      geminiBody(inbound({ contents: CONTENTS }), target('m', { paramOverride: { cachedContent: 'c/1' } })),
    );
    expect(out).toEqual({ contents: CONTENTS, cachedContent: 'c/1' });
  });
});

describe('Gemini upstream answers', () => {
  it('reads usage from an answer and errors from Google error bodies (also wrapped in an array)', () => {
    const body = Buffer.from(
      JSON.stringify({
        candidates: [{ content: { parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, thoughtsTokenCount: 2 },
      }),
    );
    const parsed = geminiAdapter.parseResponse(inbound({}), body, 'application/json', target('m'));
    expect(parsed.body).toBe(body);
    expect(parsed.usage).toEqual({
      promptTokens: 3,
      completionTokens: 3,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(parsed.text()).toBe('Hi');
    const error = { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } };
    const expected = {
      message: 'API key not valid',
      type: 'INVALID_ARGUMENT',
      code: 'INVALID_ARGUMENT',
      param: null,
    };
    expect(geminiAdapter.parseError(400, Buffer.from(JSON.stringify(error)))).toEqual(expected);
    expect(geminiAdapter.parseError(400, Buffer.from(JSON.stringify([error])))).toEqual(expected);
    expect(geminiAdapter.parseError(503, Buffer.from('<html>'))).toEqual({
      message: 'bad response status code 503',
      type: 'INTERNAL',
      code: 'INTERNAL',
      param: null,
    });
  });

  it('passes stream frames through, commits at the first output, keeps the latest usage', () => {
    const t = new GeminiPassThroughTranslator();
    const frame = (data: unknown) => ({ event: 'message', data: JSON.stringify(data) });
    const empty = frame({
      candidates: [{ content: { parts: [{ text: '' }] } }],
      usageMetadata: { promptTokenCount: 4 },
    });
    expect(t.push(empty)).toBe(`data: ${empty.data}\n\n`);
    expect(t.started).toBe(false);
    expect(t.usage).toEqual({
      promptTokens: 4,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    const text = frame({
      candidates: [{ content: { parts: [{ text: 'Hi' }] } }],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2 },
    });
    expect(t.push(text)).toBe(`data: ${text.data}\n\n`);
    expect(t.started).toBe(true);
    expect(t.usage).toMatchObject({ promptTokens: 4, completionTokens: 2 });
    expect(t.producedText()).toBe('Hi');
    expect(t.push(frame({ error: { code: 500, message: 'boom', status: 'INTERNAL' } }))).toBe('');
    expect(t.failure).toEqual({
      message: 'boom',
      type: 'INTERNAL',
      code: 'INTERNAL',
      param: null,
      status: 500,
    });
    expect(t.finish(null)).toBe('');
  });
});
