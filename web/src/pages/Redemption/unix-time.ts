const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Unix seconds as "YYYY-MM-DD HH:mm" in local time. Seconds are left out: they say nothing about
 * a code or an order and would cost a wide table its last columns on a laptop screen.
 */
export function formatUnixTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
