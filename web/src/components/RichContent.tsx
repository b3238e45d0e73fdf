import { Spin } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';

/** A lone http(s) address is shown as a page of its own; anything else is Markdown (or HTML). */
export const isEmbeddableUrl = (content: string) => /^https?:\/\/\S+$/.test(content.trim());

/**
 * Admin-authored content (home page, about): Markdown with inline HTML allowed, or a URL shown in
 * a frame. The Markdown parser loads only when such content exists.
 */
export function RichContent({ content, title }: { content: string; title: string }) {
  const url = isEmbeddableUrl(content) ? content.trim() : null;
  const [rendered, setRendered] = useState<{ source: string; html: string } | null>(null);

  useEffect(() => {
    if (url) return;
    let cancelled = false;
    void import('marked').then(({ marked }) => {
      const html = marked.parse(content, { async: false });
      if (!cancelled) setRendered({ source: content, html });
    });
    return () => {
      cancelled = true;
    };
  }, [content, url]);

  if (url) return <iframe src={url} title={title} className="rich-content-frame" />;
  if (rendered?.source !== content) return <Spin />;
  return <div className="rich-content" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
}
