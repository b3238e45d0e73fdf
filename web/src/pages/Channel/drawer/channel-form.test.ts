import { describe, expect, it } from 'vitest';
import { channelView } from '../test-fixtures';
import {
  channelPayload,
  checkChannelForm,
  emptyChannelForm,
  endsWithV1,
  formFromChannel,
  keyCount,
  normalizeBaseUrl,
  type ChannelFormValues,
} from './channel-form';

const filled = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...emptyChannelForm(),
  name: 'main',
  key: 'sk-1',
  models: ['gpt-4o'],
  ...patch,
});

describe('channel form defaults (spec 2 §9)', () => {
  it('starts as type 1, auto-ban on, group default, priority and weight 0', () => {
    expect(emptyChannelForm()).toMatchObject({
      type: 1,
      auto_ban: true,
      groups: ['default'],
      priority: '0',
      weight: '0',
    });
  });

  it('loads a stored channel with a blank key and pretty JSON', () => {
    const form = formFromChannel(
      channelView({ models: 'a,b', group: 'default,vip', model_mapping: '{"a":"b"}', tag: 't', auto_ban: 0 }),
    );
    expect(form).toMatchObject({
      name: 'openai-main',
      key: '',
      models: ['a', 'b'],
      groups: ['default', 'vip'],
      model_mapping: '{\n  "a": "b"\n}',
      tag: 't',
      auto_ban: false,
    });
  });
});

describe('checkChannelForm (spec 2 §5)', () => {
  it('needs name and key to create, but no key to edit', () => {
    expect(checkChannelForm(filled({ name: ' ' }), true)?.text).toBe('channels.drawer.nameAndKeyRequired');
    expect(checkChannelForm(filled({ key: '\n \n' }), true)?.text).toBe('channels.drawer.nameAndKeyRequired');
    expect(checkChannelForm(filled({ key: '' }), false)).toBeNull();
  });

  it('needs a model, then a JSON model mapping, then valid JSON fields', () => {
    expect(checkChannelForm(filled({ models: [] }), true)?.text).toBe('channels.drawer.modelsRequired');
    expect(checkChannelForm(filled({ model_mapping: '{bad' }), true)?.text).toBe(
      'channels.drawer.modelMappingInvalid',
    );
    expect(checkChannelForm(filled({ headers: '[]' }), true)).toEqual({
      text: 'channels.drawer.fieldInvalidJson',
      field: 'headers',
    });
  });

  it('needs the full URL of a custom channel and a region for Vertex AI', () => {
    expect(checkChannelForm(filled({ type: 8 }), true)?.text).toBe('channels.drawer.customUrlRequired');
    expect(checkChannelForm(filled({ type: 41, other: '' }), true)?.text).toBe(
      'channels.drawer.regionRequired',
    );
    expect(checkChannelForm(filled({ type: 41, other: '{"x":"y"}' }), true)?.text).toBe(
      'channels.drawer.regionNeedsDefault',
    );
    expect(checkChannelForm(filled({ type: 41, other: '{oops' }), true)?.text).toBe(
      'channels.drawer.regionInvalidJson',
    );
    expect(checkChannelForm(filled({ type: 41, other: 'us-central1' }), true)?.text).toBe(
      'channels.drawer.keyFormatInvalid',
    );
    expect(
      checkChannelForm(filled({ type: 41, key: '{"project_id":"p"}', other: 'us-central1' }), true),
    ).toBeNull();
  });

  it('checks each key against the type’s format, naming the line among several', () => {
    expect(checkChannelForm(filled({ type: 18, key: 'a|b' }), true)).toEqual({
      text: 'channels.drawer.keyFormatInvalid',
      params: { type: 'Xunfei Spark', format: 'APPID|APISecret|APIKey', line: 1 },
    });
    expect(checkChannelForm(filled({ type: 18, key: 'a|b|c\na|b' }), true)).toMatchObject({
      text: 'channels.drawer.keyLineFormatInvalid',
      params: { line: 2 },
    });
    expect(checkChannelForm(filled({ type: 18, key: 'a|b|c\nd|e|f' }), true)).toBeNull();
    // Editing: a blank key keeps the stored one; a new one is checked.
    expect(checkChannelForm(filled({ type: 18, key: '' }), false)).toBeNull();
    expect(checkChannelForm(filled({ type: 18, key: 'x' }), false)?.text).toBe(
      'channels.drawer.keyFormatInvalid',
    );
    expect(checkChannelForm(filled({ type: 39, other: ' ' }), true)?.text).toBe(
      'channels.drawer.cloudflareAccountRequired',
    );
  });

  it('needs integer priority (at least -999) and non-negative integer weight', () => {
    expect(checkChannelForm(filled({ priority: 'x' }), true)?.text).toBe('channels.messages.priorityInteger');
    expect(checkChannelForm(filled({ priority: '-1000' }), true)?.text).toBe('channels.messages.priorityMin');
    expect(checkChannelForm(filled({ weight: '-1' }), true)?.text).toBe(
      'channels.messages.weightNonNegative',
    );
  });
});

describe('channelPayload', () => {
  it('sends lists as comma strings, numbers as integers, base URL without trailing slash', () => {
    const body = channelPayload(
      filled({
        base_url: 'https://up.example/ ',
        models: ['a', 'b'],
        groups: ['default', 'vip'],
        priority: '3',
        weight: '',
        tag: ' ',
        auto_ban: false,
      }),
      true,
    );
    expect(body).toMatchObject({
      base_url: 'https://up.example',
      models: 'a,b',
      group: 'default,vip',
      priority: 3,
      weight: 0,
      tag: null,
      auto_ban: 0,
    });
  });

  it('gives Spark v2.1 when its version is empty', () => {
    expect(channelPayload(filled({ type: 18 }), true).other).toBe('v2.1');
    expect(channelPayload(filled({ type: 18, other: 'v3.5' }), true).other).toBe('v3.5');
    expect(channelPayload(filled({ type: 1 }), true).other).toBe('');
  });

  it('counts one channel per key line, but one for a Vertex AI credential', () => {
    expect(keyCount(1, 'sk-1\nsk-2\n\n sk-3 ')).toBe(3);
    expect(keyCount(41, '{\n "type": "service_account"\n}')).toBe(1);
  });

  it('warns about /v1 after removing trailing slashes', () => {
    expect(normalizeBaseUrl('https://a.example//')).toBe('https://a.example');
    expect(endsWithV1('https://a.example/v1/')).toBe(true);
    expect(endsWithV1('https://a.example/v1beta')).toBe(false);
  });
});
