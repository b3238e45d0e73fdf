import { Tag } from '@douyinfe/semi-ui-19';
import { RedemptionStatus } from '@gateway/contract';
import { useTranslation } from 'react-i18next';

const STATUS_LOOK: Record<number, { color: 'green' | 'red' | 'grey'; text: string }> = {
  [RedemptionStatus.Unused]: { color: 'green', text: 'redemption.status.unused' },
  [RedemptionStatus.Disabled]: { color: 'red', text: 'redemption.status.disabled' },
  [RedemptionStatus.Used]: { color: 'grey', text: 'redemption.status.used' },
};

/** 1 unused, 2 disabled, 3 used (document 2, section 4). */
export function RedemptionStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const look = STATUS_LOOK[status];
  return <Tag color={look?.color ?? 'orange'}>{t(look?.text ?? 'redemption.status.unknown')}</Tag>;
}
