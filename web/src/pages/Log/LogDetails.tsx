import { Descriptions, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { LogView } from '@gateway/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import {
  firstTokenColor,
  formatRatio,
  hasFixedPrice,
  parseLogOther,
  retryPath,
  type LogOther,
} from './log-other';

/** The billing line of a consume log, or null when the log lacks what it needs. */
function useBillingText(log: LogView, other: LogOther): string | null {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const group = formatRatio(other.group_ratio ?? 1);
  if (hasFixedPrice(other)) {
    return t('log.details.priceFormula', {
      price: `$${other.model_price}`,
      group,
      quota: formatQuota(log.quota, 6),
    });
  }
  if (other.model_ratio === undefined || other.completion_ratio === undefined) return null;
  // Cache writes have their own ratio; the line would need a term per token kind, so it is left out.
  if (other.cache_creation_tokens) return null;
  const cached = other.cache_tokens ?? 0;
  const shared = {
    completion: log.completion_tokens,
    completionRatio: formatRatio(other.completion_ratio),
    modelRatio: formatRatio(other.model_ratio),
    group,
    quota: log.quota,
  };
  if (cached > 0) {
    return t('log.details.cachedFormula', {
      ...shared,
      prompt: log.prompt_tokens - cached,
      cached,
      cacheRatio: formatRatio(other.cache_ratio),
    });
  }
  return t('log.details.ratioFormula', { ...shared, prompt: log.prompt_tokens });
}

/** The expanded part of a log row: what `other` records about pricing and the request. */
export function LogDetails({ log, admin }: { log: LogView; admin: boolean }) {
  const { t } = useTranslation();
  const other = parseLogOther(log.other) ?? {};
  const billing = useBillingText(log, other);
  const rows: Array<{ key: string; value: ReactNode }> = [];
  const add = (label: string, value: ReactNode) => rows.push({ key: label, value });

  if (hasFixedPrice(other)) {
    add(t('log.details.modelPrice'), `$${other.model_price}`);
  } else {
    if (other.model_ratio !== undefined) add(t('log.details.modelRatio'), formatRatio(other.model_ratio));
    if (other.completion_ratio !== undefined)
      add(t('log.details.completionRatio'), formatRatio(other.completion_ratio));
  }
  if (other.group_ratio !== undefined) add(t('log.details.groupRatio'), formatRatio(other.group_ratio));
  if (other.cache_tokens) {
    add(t('log.details.cacheTokens'), other.cache_tokens);
    add(t('log.details.cacheRatio'), formatRatio(other.cache_ratio));
  }
  if (other.cache_creation_tokens) {
    add(t('log.details.cacheCreationTokens'), other.cache_creation_tokens);
    add(t('log.details.cacheCreationRatio'), formatRatio(other.cache_creation_ratio));
  }
  if (typeof other.frt === 'number') {
    add(
      t('log.details.frt'),
      <Tag color={firstTokenColor(other.frt)} data-testid="log-frt">
        {t('log.seconds', { value: (other.frt / 1000).toFixed(1) })}
      </Tag>,
    );
  }
  if (other.is_model_mapped && other.upstream_model_name)
    add(t('log.details.upstreamModel'), other.upstream_model_name);
  if (other.reasoning_effort) add(t('log.details.reasoningEffort'), other.reasoning_effort);
  if (other.request_path) add(t('log.details.requestPath'), other.request_path);
  const retries = admin ? retryPath(other) : null;
  if (retries) add(t('log.details.retry'), retries);
  if (billing) add(t('log.details.billing'), billing);
  if (log.content) add(t('log.details.content'), log.content);
  if (log.request_id) add(t('log.details.requestId'), log.request_id);

  return (
    <div className="log-details" data-testid={`log-details-${log.id}`}>
      <Descriptions align="left" size="small">
        {rows.map((row) => (
          <Descriptions.Item key={row.key} itemKey={row.key}>
            {row.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {other.usage_counted_locally && (
        <Typography.Text type="warning" size="small">
          {t('log.details.countedLocally')}
        </Typography.Text>
      )}
    </div>
  );
}
