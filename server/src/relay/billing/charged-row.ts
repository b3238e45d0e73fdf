import type { LogInput } from '../../modules/logs/writer.js';

/**
 * A charge's log row for what was actually charged: the row itself, or, when the payer could not
 * pay all of it (the flush, or the balance authority, cut it), the row with the cut noted.
 */
export function chargedRow(row: LogInput | null): (charged: number) => LogInput | null {
  if (!row) return () => null;
  return (charged) => (charged === row.quota ? row : overdrawnRow(row, charged));
}

/** The row of a charge that was cut: the overdraft is noted in its content and `other`. */
function overdrawnRow(row: LogInput, charged: number): LogInput {
  const full = row.quota ?? 0;
  const overdraft = full - charged;
  const other = JSON.parse(row.other ?? '{}') as Record<string, unknown>;
  other.overdraft = overdraft;
  other.usage_quota = full;
  return {
    ...row,
    quota: charged,
    content: `${row.content ?? ''}，余额不足，${overdraft} 未扣`,
    other: JSON.stringify(other),
  };
}
