import { Empty, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAdmin, isRoot, useStoredUser } from '../../session/stored-user';
import { ModelsTab } from './models/ModelsTab';
import { OperationTab } from './operation/OperationTab';
import { OtherTab } from './other/OtherTab';
import { RateLimitTab } from './ratelimit/RateLimitTab';
import { SystemTab } from './system/SystemTab';
import './setting.css';

export type SettingTabKey = 'operation' | 'ratelimit' | 'models' | 'system' | 'other';

/** The tabs a user may open: admins the operation ones, the super admin also system and other. */
export function visibleSettingTabs(role: number): SettingTabKey[] {
  const tabs: SettingTabKey[] = [];
  if (role >= 10) tabs.push('operation', 'ratelimit', 'models');
  if (role >= 100) tabs.push('system', 'other');
  return tabs;
}

const PANELS: Record<SettingTabKey, () => React.ReactNode> = {
  operation: () => <OperationTab />,
  ratelimit: () => <RateLimitTab />,
  models: () => <ModelsTab />,
  system: () => <SystemTab />,
  other: () => <OtherTab />,
};

/** /setting?tab=…: spec 2 §2.1. Only the open tab is mounted, so only its data loads. */
export function SettingPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const [params, setParams] = useSearchParams();
  const tabs = visibleSettingTabs(user?.role ?? 0);

  if (!isAdmin(user)) {
    return (
      <section className="page-card">
        <Empty title={t('setting.title')} description={t('setting.adminOnly')} />
      </section>
    );
  }
  const requested = params.get('tab') as SettingTabKey | null;
  const active: SettingTabKey = requested && tabs.includes(requested) ? requested : 'operation';

  return (
    <section className="page-card setting-page" data-root={isRoot(user) ? 'true' : 'false'}>
      <Typography.Title heading={4} className="setting-title">
        {t('setting.title')}
      </Typography.Title>
      <Tabs
        type="line"
        activeKey={active}
        lazyRender
        keepDOM={false}
        onChange={(key) => setParams({ tab: key }, { replace: false })}
      >
        {tabs.map((key) => (
          <TabPane key={key} itemKey={key} tab={t(`setting.tabs.${key}`)}>
            {active === key ? PANELS[key]() : null}
          </TabPane>
        ))}
      </Tabs>
    </section>
  );
}
