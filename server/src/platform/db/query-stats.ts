/** How many statements this process has run, by kind; tests use it to prove the hot path reads nothing. */
export const queryStats = { reads: 0, writes: 0 };

export function countQuery(sql: string) {
  if (/^\s*select/i.test(sql)) queryStats.reads++;
  else queryStats.writes++;
}
