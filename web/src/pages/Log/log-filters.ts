import { LogType } from '@gateway/contract';

/** The usage log's filter form and the query it becomes (document 2, sections 2.6 and 7). */
export interface LogFilterValues {
  /** 0 = every type. */
  type: number;
  start: Date;
  end: Date;
  token_name: string;
  model_name: string;
  group: string;
  /** Admins only: a channel id as typed. */
  channel: string;
  /** Admins only. */
  username: string;
}

export const LOG_TYPE_OPTIONS = [
  { value: 0, text: 'log.type.all' },
  { value: LogType.Topup, text: 'log.type.topup' },
  { value: LogType.Consume, text: 'log.type.consume' },
  { value: LogType.Manage, text: 'log.type.manage' },
  { value: LogType.System, text: 'log.type.system' },
] as const;

/** Today from midnight to an hour from now, so calls made while the page is open still show. */
export function defaultLogFilters(now = new Date()): LogFilterValues {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return {
    type: 0,
    start,
    end: new Date(now.getTime() + 3_600_000),
    token_name: '',
    model_name: '',
    group: '',
    channel: '',
    username: '',
  };
}

export type LogQuery = Record<string, string | number>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The query of the list and stat endpoints; admin-only filters are left out for users. */
export function toLogQuery(values: LogFilterValues, admin: boolean): LogQuery {
  const query: LogQuery = {
    type: values.type,
    start_timestamp: seconds(values.start),
    end_timestamp: seconds(values.end),
    token_name: values.token_name.trim(),
    model_name: values.model_name.trim(),
    group: values.group.trim(),
  };
  if (admin) {
    const channel = values.channel.trim();
    // The server reads a channel id; anything else would silently mean "any channel".
    if (/^\d+$/.test(channel)) query.channel = Number(channel);
    query.username = values.username.trim();
  }
  return query;
}
