import { describe, expect, it } from 'vitest';
import {
  chatServerAddress,
  fillChatTemplate,
  isWebLink,
  parseChatTemplates,
  pickChatTemplate,
} from './chat-templates';

const stored = JSON.stringify([
  { 'Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  { AMA: 'ama://set-api-key?server={address}&key={key}' },
]);

describe('parseChatTemplates', () => {
  it('reads the one-entry {name: url} objects in order', () => {
    const result = parseChatTemplates(stored);
    expect(result).toEqual({
      ok: true,
      templates: [
        { name: 'Next Web', url: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
        { name: 'AMA', url: 'ama://set-api-key?server={address}&key={key}' },
      ],
    });
  });

  it('treats nothing stored as no templates', () => {
    expect(parseChatTemplates(null)).toEqual({ ok: true, templates: [] });
    expect(parseChatTemplates('[]')).toEqual({ ok: true, templates: [] });
  });

  it('rejects malformed settings rather than guessing', () => {
    for (const raw of ['{not json', '{"a":"b"}', '[1]', '[{}]', '[{"a":3}]', '[{"a":" "}]', '[["x"]]']) {
      expect(parseChatTemplates(raw), raw).toEqual({ ok: false });
    }
  });
});

describe('fillChatTemplate', () => {
  it('puts in the encoded address and the sk- prefixed key, everywhere they occur', () => {
    const url = fillChatTemplate('ama://set-api-key?server={address}&key={key}&again={key}', {
      serverAddress: 'https://gw.example:8443/base',
      key: 'abc123',
    });
    expect(url).toBe(
      'ama://set-api-key?server=https%3A%2F%2Fgw.example%3A8443%2Fbase&key=sk-abc123&again=sk-abc123',
    );
  });

  it('does not double a prefix already present', () => {
    expect(fillChatTemplate('{key}', { serverAddress: '', key: 'sk-abc' })).toBe('sk-abc');
  });

  it('leaves templates without placeholders alone', () => {
    expect(fillChatTemplate('https://chat.example/', { serverAddress: 'x', key: 'k' })).toBe(
      'https://chat.example/',
    );
  });
});

describe('chatServerAddress', () => {
  it('uses the configured address without trailing slashes', () => {
    expect(chatServerAddress('https://gw.example/', 'https://console.example')).toBe('https://gw.example');
  });

  it('falls back to the console origin when no address is known', () => {
    expect(chatServerAddress('', 'https://console.example')).toBe('https://console.example');
    expect(chatServerAddress(undefined, 'https://console.example')).toBe('https://console.example');
  });

  it('ignores the server’s localhost fallback when the console is reached from elsewhere', () => {
    expect(chatServerAddress('http://localhost:3000', 'https://gw.example')).toBe('https://gw.example');
    expect(chatServerAddress('http://localhost:3000', 'http://127.0.0.1:3000')).toBe('http://localhost:3000');
  });
});

describe('pickChatTemplate', () => {
  const templates = [
    { name: 'a', url: 'https://a' },
    { name: 'b', url: 'ama://b' },
  ];
  it('picks by index, the first without an id, nothing for unknown ids', () => {
    expect(pickChatTemplate(templates, '1')?.name).toBe('b');
    expect(pickChatTemplate(templates, undefined)?.name).toBe('a');
    expect(pickChatTemplate(templates, '2')).toBeNull();
    expect(pickChatTemplate(templates, 'x')).toBeNull();
    expect(pickChatTemplate(templates, '-1')).toBeNull();
  });
});

describe('isWebLink', () => {
  it('tells web pages from app schemes', () => {
    expect(isWebLink('https://a.example')).toBe(true);
    expect(isWebLink('HTTP://a.example')).toBe(true);
    expect(isWebLink('ama://x')).toBe(false);
    expect(isWebLink('opencat://team')).toBe(false);
  });
});
