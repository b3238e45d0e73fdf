import { Card, Skeleton } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useOptionsQuery } from '../../../api/option-queries';
import '../system/system.css';
import { SystemInfoCard } from './SystemInfoCard';
import { TextOptionEditor, type TextOptionName } from './TextOptionEditor';

const TEXTS: Array<{ key: string; name: TextOptionName; multiline?: boolean }> = [
  { key: 'Notice', name: 'notice', multiline: true },
  { key: 'SystemName', name: 'systemName' },
  { key: 'Logo', name: 'logo' },
  { key: 'HomePageContent', name: 'homePage', multiline: true },
  { key: 'About', name: 'about', multiline: true },
  { key: 'Footer', name: 'footer', multiline: true },
  { key: 'general_setting.docs_link', name: 'docsLink' },
];

/** Settings → Other (root only): system info and the texts the site shows (spec 1 "Other settings"). */
export function OtherTab() {
  const { t } = useTranslation();
  const options = useOptionsQuery();
  const data = options.data;
  return (
    <div className="setting-other-tab">
      <SystemInfoCard />
      <Card className="setting-section" title={t('settingSystem.other.contentTitle')}>
        {data ? (
          TEXTS.map(({ key, name, multiline }) => (
            <TextOptionEditor key={key} optionKey={key} name={name} multiline={multiline} />
          ))
        ) : (
          <Skeleton placeholder={<Skeleton.Paragraph rows={6} />} loading active />
        )}
      </Card>
    </div>
  );
}
