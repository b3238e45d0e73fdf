import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.js';

const feed = (parts: string[]) => {
  const p = new SseParser();
  const out = parts.flatMap((part) => p.push(Buffer.from(part)));
  return [...out, ...p.end()];
};

describe('SseParser', () => {
  it('splits events on blank lines across arbitrary chunk boundaries', () => {
    const events = feed(['data: {"a":', '1}\n', '\ndata: two\n\n', 'data: [DONE]\n\n']);
    expect(events.map((e) => e.data)).toEqual(['{"a":1}', 'two', '[DONE]']);
  });

  it('handles CRLF and CR line endings, even split between chunks', () => {
    expect(feed(['data: x\r', '\n\r\ndata: y\r\r']).map((e) => e.data)).toEqual(['x', 'y']);
  });

  it('joins multi-line data, keeps event names and skips comments', () => {
    const events = feed([': ping\n\nevent: message_start\ndata: line1\ndata: line2\n\n']);
    expect(events).toEqual([{ event: 'message_start', data: 'line1\nline2' }]);
  });

  it('emits a final event that lacks the closing blank line', () => {
    expect(feed(['data: last']).map((e) => e.data)).toEqual(['last']);
  });

  it('decodes multi-byte characters split across chunks', () => {
    const bytes = Buffer.from('data: 你好\n\n');
    const p = new SseParser();
    const events = [...p.push(bytes.subarray(0, 8)), ...p.push(bytes.subarray(8))];
    expect(events[0]?.data).toBe('你好');
  });
});
