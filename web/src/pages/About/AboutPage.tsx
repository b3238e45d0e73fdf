import { Spin, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useAboutQuery } from '../../api/site-queries';
import { isEmbeddableUrl, RichContent } from '../../components/RichContent';

/** /about: the About option (Markdown, HTML or a URL), or a hint where to set it. */
export function AboutPage() {
  const { t } = useTranslation();
  const { data, isPending } = useAboutQuery();
  if (isPending) return <Spin />;
  const content = data ?? '';
  if (isEmbeddableUrl(content)) return <RichContent content={content} title={t('about.title')} />;
  return (
    <section className="page-card">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('about.title')}</Typography.Title>
      </div>
      {content.trim() ? (
        <RichContent content={content} title={t('about.title')} />
      ) : (
        <Typography.Paragraph type="tertiary">{t('about.empty')}</Typography.Paragraph>
      )}
    </section>
  );
}
