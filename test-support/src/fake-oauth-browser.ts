/**
 * Follows an authorise link the way a browser would (keeping the provider's cookies) until the
 * provider sends the browser away from itself; answers that address (the client's callback).
 */
export async function followToRedirect(start: string, providerOrigin: string): Promise<URL> {
  const origin = new URL(providerOrigin).origin;
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`authorise flow stopped at ${url.href}: ${response.status} ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('authorise flow: too many redirects');
}
