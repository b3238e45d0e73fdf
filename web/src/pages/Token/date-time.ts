/** Local date-times as the token and log pages show and accept them: 2025-03-01 08:05:09. */

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export const formatUnixTime = (seconds: number) => formatDateTime(new Date(seconds * 1000));
