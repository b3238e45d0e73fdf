import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isEmbeddableUrl, RichContent } from './RichContent';

describe('RichContent', () => {
  it('frames a lone address', () => {
    const { container } = render(<RichContent content=" https://example.com/about " title="About" />);
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://example.com/about');
  });

  it('renders Markdown', async () => {
    render(<RichContent content={'# Hello\n\nSome *text*'} title="x" />);
    expect((await screen.findByText('Hello')).tagName).toBe('H1');
    expect(screen.getByText('text').tagName).toBe('EM');
  });

  it('passes HTML through', async () => {
    render(<RichContent content={'<p class="x">Raw <b>html</b></p>'} title="x" />);
    expect((await screen.findByText('html')).tagName).toBe('B');
  });

  it('does not take text that merely starts with an address for a page to frame', () => {
    expect(isEmbeddableUrl('https://a.example and more')).toBe(false);
  });
});
