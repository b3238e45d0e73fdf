/** The drawing log's filter form and the query it becomes (document 3, section 2.1). */
export interface MjFilterValues {
  /** Admins only: a channel id as typed. */
  channel: string;
  mjId: string;
  start: Date;
  end: Date;
}

/** The last 30 days through one hour ahead, so tasks submitted while the page is open still show. */
export function defaultMjFilters(now = new Date()): MjFilterValues {
  return {
    channel: '',
    mjId: '',
    start: new Date(now.getTime() - 30 * 24 * 3_600_000),
    end: new Date(now.getTime() + 3_600_000),
  };
}

export type MjQuery = Record<string, string | number>;

/** Timestamps in milliseconds (tasks record submit_time in ms); the channel only for admins. */
export function toMjQuery(values: MjFilterValues, admin: boolean): MjQuery {
  const query: MjQuery = {
    mj_id: values.mjId.trim(),
    start_timestamp: values.start.getTime(),
    end_timestamp: values.end.getTime(),
  };
  const channel = values.channel.trim();
  // The server reads a channel id; anything else would silently mean "any channel".
  if (admin && /^\d+$/.test(channel)) query.channel_id = Number(channel);
  return query;
}

/** Seconds between submission and finish (or now, for a running task), one decimal. */
export function taskSeconds(submitMs: number, finishMs: number, now = Date.now()): number | null {
  if (!submitMs) return null;
  const end = finishMs > 0 ? finishMs : now;
  return Math.max(0, Math.round((end - submitMs) / 100) / 10);
}

export const codeText = (code: number): string =>
  code === 1
    ? 'mj.code.submitted'
    : code === 21
      ? 'mj.code.waiting'
      : code === 22
        ? 'mj.code.duplicate'
        : code === 0
          ? 'mj.code.notSubmitted'
          : 'mj.code.unknown';

export const percent = (progress: string): number => {
  const value = Number.parseInt(progress.replace('%', ''), 10);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};
