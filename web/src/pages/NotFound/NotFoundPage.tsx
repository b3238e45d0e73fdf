import { Button, Empty } from '@douyinfe/semi-ui-19';
import { IllustrationNotFound, IllustrationNotFoundDark } from '@douyinfe/semi-illustrations';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="full-page-center" data-testid="not-found">
      <Empty
        image={<IllustrationNotFound style={{ width: 200, height: 200 }} />}
        darkModeImage={<IllustrationNotFoundDark style={{ width: 200, height: 200 }} />}
        title={t('notFound.title')}
        description={t('notFound.hint')}
      >
        <Button onClick={() => void navigate('/')}>{t('common.backHome')}</Button>
      </Empty>
    </div>
  );
}
