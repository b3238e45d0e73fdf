import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /midjourney: the drawing-task log ships in a later release; the route, guard and layout are already live. */
export function MidjourneyPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.drawingLog')} />;
}
