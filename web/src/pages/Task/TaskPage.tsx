import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /task: the creative-task log ships in a later release; the route, guard and layout are already live. */
export function TaskPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.taskLog')} />;
}
