import { ChatSettings } from './ChatSettings';
import { DashboardSettings } from './DashboardSettings';
import { DrawingSettings } from './DrawingSettings';
import { GeneralSettings } from './GeneralSettings';
import { GroupRatioSettings } from './GroupRatioSettings';
import { LogSettings } from './LogSettings';
import { MonitoringSettings } from './MonitoringSettings';
import { PricingSettings } from './pricing/PricingSettings';
import { QuotaSettings } from './QuotaSettings';
import { SensitiveWordSettings } from './SensitiveWordSettings';
import './operation.css';

/** ?tab=operation: each panel saves its own options (spec 1 §2, spec 2 §2.1). */
export function OperationTab() {
  return (
    <div className="operation-settings">
      <GeneralSettings />
      <DrawingSettings />
      <SensitiveWordSettings />
      <LogSettings />
      <DashboardSettings />
      <MonitoringSettings />
      <QuotaSettings />
      <GroupRatioSettings />
      <PricingSettings />
      <ChatSettings />
    </div>
  );
}
