import { describe, expect, it } from 'vitest';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { ClaudeSettings, InboundRequest, UpstreamTarget } from '../types.js';
import { claudeBody, claudeHeaders, claudeUrl } from './request.js';

const SETTINGS: ClaudeSettings = {
  modelHeaders: { 'claude-x': { 'anthropic-beta': ['a-2025', 'b-2025'], 'x-extra': 'yes' } },
  defaultMaxTokens: { default: 8192, 'claude-small': 1000 },
  thinkingAdapter: true,
  thinkingBudgetShare: 0.8,
};

const inbound = (body: Record<string, unknown>, over: Partial<InboundRequest> = {}): InboundRequest => ({
  mode: 'messages',
  path: '/v1/messages',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: false,
  ...over,
});

const target = (upstreamModel: string, channel: Partial<RuntimeChannel> = {}): UpstreamTarget => ({
  channel: {
    type: 14,
    key: 'sk-ant-1',
    baseUrl: 'http://up',
    headers: {},
    paramOverride: null,
    ...channel,
  } as RuntimeChannel,
  upstreamModel,
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
  claude: SETTINGS,
});

const json = (b: string | Buffer) => JSON.parse(b.toString()) as Record<string, unknown>;

describe('Claude upstream requests', () => {
  it('posts to <base>/v1/messages, or to the type default base', () => {
    expect(claudeUrl(target('m'))).toBe('http://up/v1/messages');
    expect(claudeUrl(target('m', { baseUrl: '' }))).toBe('https://api.anthropic.com/v1/messages');
  });

  it('sends x-api-key, the client anthropic-version (else 2023-06-01), then channel and per-model headers', () => {
    const plain = claudeHeaders(inbound({ model: 'other' }), target('other'));
    expect(plain).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-api-key': 'sk-ant-1',
      'anthropic-version': '2023-06-01',
    });
    const client = inbound(
      { model: 'claude-x', stream: true },
      { protocolHeaders: { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'client-beta' } },
    );
    expect(claudeHeaders(client, target('claude-x', { headers: { 'X-Channel': 'c' } }))).toEqual({
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-api-key': 'sk-ant-1',
      'anthropic-version': '2024-01-01',
      // claude.model_headers_settings replaces the client's header of the same name.
      'anthropic-beta': 'a-2025,b-2025',
      'x-extra': 'yes',
      'x-channel': 'c',
    });
  });

  it('forwards the client bytes when nothing changes', () => {
    const req = inbound({ model: 'claude-x', max_tokens: 10, messages: [] });
    expect(claudeBody(req, target('claude-x'))).toBe(req.raw);
  });

  it('fills max_tokens from claude.default_max_tokens (the model, else default) and maps the model', () => {
    expect(
      json(claudeBody(inbound({ model: 'claude-small', messages: [] }), target('claude-small'))),
    ).toEqual({
      model: 'claude-small',
      messages: [],
      max_tokens: 1000,
    });
    expect(json(claudeBody(inbound({ model: 'alias', max_tokens: 0 }), target('claude-y')))).toEqual({
      model: 'claude-y',
      max_tokens: 8192,
    });
  });

  it('turns <model>-thinking into extended thinking with budget = max_tokens × share', () => {
    const out = json(
      claudeBody(
        inbound({ model: 'claude-x-thinking', max_tokens: 1000, temperature: 0.2, top_p: 0.5, top_k: 3 }),
        target('claude-x-thinking'),
      ),
    );
    expect(out).toEqual({
      model: 'claude-x',
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      temperature: 1,
    });
    const big = json(
      claudeBody(inbound({ model: 'claude-x-thinking', max_tokens: 10000 }), target('claude-x-thinking')),
    );
    expect(big).toMatchObject({ max_tokens: 10000, thinking: { type: 'enabled', budget_tokens: 8000 } });
    // The budget stays within Anthropic's bounds: at least 1024, below max_tokens.
    const low = { ...target('claude-x-thinking'), claude: { ...SETTINGS, thinkingBudgetShare: 0.1 } };
    expect(json(claudeBody(inbound({ model: 'claude-x-thinking', max_tokens: 3000 }), low))).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    const all = { ...target('claude-x-thinking'), claude: { ...SETTINGS, thinkingBudgetShare: 1 } };
    expect(json(claudeBody(inbound({ model: 'claude-x-thinking', max_tokens: 3000 }), all))).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2999 },
    });
  });

  it('leaves -thinking names alone when the adapter is off, and applies param_override last', () => {
    const t = {
      ...target('claude-x-thinking', { paramOverride: { temperature: 0.3 } }),
      claude: { ...SETTINGS, thinkingAdapter: false },
    };
    expect(json(claudeBody(inbound({ model: 'claude-x-thinking', max_tokens: 5 }), t))).toEqual({
      model: 'claude-x-thinking',
      max_tokens: 5,
      temperature: 0.3,
    });
  });

  it("turns a converted request's reasoning effort into thinking (budget = max_tokens × share, ≥ 1024)", () => {
    const body = { model: 'claude-m', max_tokens: 4000, temperature: 0.2, top_p: 0.9, messages: [] };
    const out = json(
      claudeBody(inbound(body, { reasoningEffort: 'high', converted: true }), target('claude-m')),
    );
    expect(out).toMatchObject({ model: 'claude-m', max_tokens: 4000, temperature: 1 });
    expect(out.thinking).toEqual({ type: 'enabled', budget_tokens: 3200 });
    expect(out.top_p).toBeUndefined();
    // A small max_tokens is raised so the budget can reach Anthropic's minimum.
    const small = json(
      claudeBody(inbound({ ...body, max_tokens: 100 }, { reasoningEffort: 'low' }), target('claude-m')),
    );
    expect(small).toMatchObject({ max_tokens: 1280, thinking: { type: 'enabled', budget_tokens: 1024 } });
    // Without max_tokens the default applies first: 8192 × 0.8.
    const { max_tokens: _m, ...noMax } = body;
    const dflt = json(claudeBody(inbound(noMax, { reasoningEffort: 'medium' }), target('claude-m')));
    expect(dflt.thinking).toEqual({ type: 'enabled', budget_tokens: 6553 });
  });

  it('leaves thinking alone for other efforts and for a request that sets it', () => {
    const body = { model: 'claude-m', max_tokens: 4000, messages: [] };
    expect(claudeBody(inbound(body, { reasoningEffort: 'minimal' }), target('claude-m'))).toEqual(
      Buffer.from(JSON.stringify(body)),
    );
    const own = { ...body, thinking: { type: 'enabled', budget_tokens: 2000 } };
    expect(json(claudeBody(inbound(own, { reasoningEffort: 'high' }), target('claude-m'))).thinking).toEqual({
      type: 'enabled',
      budget_tokens: 2000,
    });
  });
});
