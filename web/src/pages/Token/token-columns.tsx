import { Button, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { IconCopy } from '@douyinfe/semi-icons';
import { TOKEN_NEVER_EXPIRES, type TokenView } from '@gateway/contract';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import type { TFunction } from 'i18next';
import { formatUnixTime } from './date-time';
import { TokenRowActions } from './TokenRowActions';
import { maskKey, TOKEN_STATUS_COLORS, tokenDisplayStatus } from './token-display';

interface ColumnDeps {
  t: TFunction;
  formatQuota(quota: number): string;
  onCopyKey(token: TokenView): void;
  onEdit(token: TokenView): void;
}

/** The token list's columns (document 2, section 2.3). */
export function tokenColumns({ t, formatQuota, onCopyKey, onEdit }: ColumnDeps): ColumnProps<TokenView>[] {
  return [
    { title: t('token.column.name'), dataIndex: 'name', width: 140 },
    {
      title: t('token.column.status'),
      dataIndex: 'status',
      width: 130,
      render: (_: unknown, token: TokenView) => {
        const status = tokenDisplayStatus(token);
        return (
          <Tag color={TOKEN_STATUS_COLORS[status]} size="large" data-testid={`token-status-${token.id}`}>
            {t(`token.status.${status}`)}
          </Tag>
        );
      },
    },
    {
      title: t('token.column.usedQuota'),
      dataIndex: 'used_quota',
      render: (quota: number) => formatQuota(quota),
    },
    {
      title: t('token.column.remainQuota'),
      dataIndex: 'remain_quota',
      render: (quota: number, token: TokenView) =>
        token.unlimited_quota ? <Tag color="white">{t('token.unlimited')}</Tag> : formatQuota(quota),
    },
    {
      title: t('token.column.group'),
      dataIndex: 'group',
      render: (group: string) => <Tag>{group || t('token.ownGroup')}</Tag>,
    },
    {
      title: t('token.column.createdTime'),
      dataIndex: 'created_time',
      width: 170,
      render: (seconds: number) => formatUnixTime(seconds),
    },
    {
      title: t('token.column.expiredTime'),
      dataIndex: 'expired_time',
      width: 170,
      render: (seconds: number) =>
        seconds === TOKEN_NEVER_EXPIRES ? t('token.neverExpires') : formatUnixTime(seconds),
    },
    {
      title: t('token.column.key'),
      dataIndex: 'key',
      width: 230,
      render: (key: string, token: TokenView) => (
        <Space spacing={4}>
          <Typography.Text className="token-key" data-testid={`token-key-${token.id}`}>
            {maskKey(key)}
          </Typography.Text>
          <Button
            size="small"
            theme="borderless"
            icon={<IconCopy />}
            aria-label={t('token.copyKey')}
            onClick={() => onCopyKey(token)}
          />
        </Space>
      ),
    },
    {
      title: t('token.column.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 280,
      render: (_: unknown, token: TokenView) => <TokenRowActions token={token} onEdit={onEdit} />,
    },
  ];
}
