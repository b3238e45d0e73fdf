import type { AppContext } from '../../context.js';
import type { CachedUser } from '../users/user-cache.js';
import { formatLogQuota } from '../logs/format.js';
import { deliverNotice, reachable, type Notice } from './deliver.js';

/** At most one warning per user in this window, across every instance. */
export const QUOTA_WARNING_INTERVAL_SECONDS = 2 * 60 * 60;
const MAX_REMEMBERED = 50_000;

/**
 * Warns a user once their balance falls below their threshold (their setting, else the
 * QuotaRemindThreshold option), by mail or webhook, off the request path. The claim is a
 * conditional UPDATE of `users.quota_warned_at`, so however many requests and instances see the
 * low balance at once, one warning goes out per window. Each instance also remembers when it may
 * try again, so a user below their threshold does not cost a SQL write per request.
 */
export class QuotaWarnings {
  private notBefore = new Map<number, number>();
  private pending = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  /** Called after a charge was queued; never throws and never delays the caller. */
  afterCharge(user: CachedUser, charged: number): void {
    if (charged <= 0) return;
    if ((this.notBefore.get(user.id) ?? 0) > Date.now()) return;
    // Checked here, synchronously: most users cannot be reached, and they cost no promise.
    if (!reachable(this.ctx, user)) return;
    const task = this.check(user)
      .catch((err: Error) => console.warn(`quota warning for user ${user.id} failed: ${err.message}`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Waits for warnings under way (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private remember(userId: number, untilMs: number) {
    if (this.notBefore.size >= MAX_REMEMBERED) this.notBefore.clear();
    this.notBefore.set(userId, untilMs);
  }

  private async check(user: CachedUser): Promise<void> {
    const { ctx } = this;
    const threshold = user.setting.quota_warning_threshold ?? ctx.options.num('QuotaRemindThreshold');
    const balance = await ctx.ledger.authority.userBalance(user.id);
    if (balance >= threshold) return;
    const now = Math.floor(Date.now() / 1000);
    const claim = await ctx.db
      .updateTable('users')
      .set({ quota_warned_at: now })
      .where('id', '=', user.id)
      .where('quota_warned_at', '<=', now - QUOTA_WARNING_INTERVAL_SECONDS)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) {
      const row = await ctx.db
        .selectFrom('users')
        .select('quota_warned_at')
        .where('id', '=', user.id)
        .executeTakeFirst();
      this.remember(user.id, ((row?.quota_warned_at ?? now) + QUOTA_WARNING_INTERVAL_SECONDS) * 1000);
      return;
    }
    this.remember(user.id, (now + QUOTA_WARNING_INTERVAL_SECONDS) * 1000);
    await deliverNotice(ctx, user, quotaNotice(ctx, balance));
  }
}

/** The reference's quota_exceed notice: title, balance and the top-up link. */
export function quotaNotice(ctx: AppContext, balance: number): Notice {
  const title = '您的额度即将用尽';
  const base = ctx.options.str('ServerAddress') || `http://localhost:${ctx.config.port}`;
  const link = `${base.replace(/\/+$/, '')}/topup`;
  const values = [title, formatLogQuota(balance, ctx.options), link, link];
  const template =
    "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>";
  let i = 0;
  const content = template.replace(/\{\{value\}\}/g, () => values[i++] ?? '');
  return { type: 'quota_exceed', title, content, values };
}
