import type { PortableMigration } from './column-types.js';
import { accounts } from './0001_accounts.js';
import { relay } from './0002_relay.js';
import { logs } from './0003_logs.js';
import { billing } from './0004_billing.js';
import { sessionVersion } from './0005_session_version.js';
import { quotaData } from './0006_quota_data.js';
import { midjourney } from './0007_midjourney.js';
import { tasks } from './0008_tasks.js';
import { quotaWarning } from './0010_quota_warning.js';
import { ledgerOutbox, logChargeKey } from './0011_charge_log.js';
import { identityClaims } from './0012_identity_claims.js';
import { midjourneyToken } from './0014_midjourney_token.js';
import { ledgerCharges } from './0015_ledger_charges.js';

/** Applied in order; an applied migration is never edited, later changes add new entries. */
export const MAIN_MIGRATIONS: readonly PortableMigration[] = [
  accounts,
  relay,
  logs,
  billing,
  sessionVersion,
  quotaData,
  midjourney,
  tasks,
  quotaWarning,
  logChargeKey,
  ledgerOutbox,
  identityClaims,
  midjourneyToken,
  ledgerCharges,
];

/** For a separate log database (LOG_SQL_DSN). */
export const LOG_MIGRATIONS: readonly PortableMigration[] = [logs, quotaData, logChargeKey];
