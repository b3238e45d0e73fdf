import { Empty, Tag, Typography } from '@douyinfe/semi-ui-19';
import { IllustrationConstruction, IllustrationConstructionDark } from '@douyinfe/semi-illustrations';
import { useTranslation } from 'react-i18next';

/**
 * Stands in for a page whose feature ships with a later issue, so the route, guard and layout are
 * already real. The page's own folder replaces this when the feature lands.
 */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page-card placeholder-page" data-testid="later-release">
      <div className="page-heading">
        <Typography.Title heading={4}>{title}</Typography.Title>
        <Tag color="orange">{t('common.laterReleaseTag')}</Tag>
      </div>
      <Empty
        image={<IllustrationConstruction style={{ width: 150, height: 150 }} />}
        darkModeImage={<IllustrationConstructionDark style={{ width: 150, height: 150 }} />}
        description={t('common.laterRelease')}
      />
    </section>
  );
}
