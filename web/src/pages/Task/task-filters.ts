/** The task log's filter form and the query it becomes (document 3, sections 2.2 and 7). */
export interface TaskFilterValues {
  /** Admins only: a channel id as typed. */
  channel: string;
  taskId: string;
  start: Date | null;
  end: Date | null;
}

/** From today's midnight, with no end (document 3, section 2.2). */
export function defaultTaskFilters(now = new Date()): TaskFilterValues {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return { channel: '', taskId: '', start, end: null };
}

export type TaskQuery = Record<string, string | number>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The list endpoints' query; the channel filter exists only for admins. */
export function toTaskQuery(values: TaskFilterValues, admin: boolean): TaskQuery {
  const query: TaskQuery = { task_id: values.taskId.trim() };
  if (values.start) query.start_timestamp = seconds(values.start);
  if (values.end) query.end_timestamp = seconds(values.end);
  const channel = values.channel.trim();
  // The server reads a channel id; anything else would silently mean "any channel".
  if (admin && /^\d+$/.test(channel)) query.channel_id = Number(channel);
  return query;
}
