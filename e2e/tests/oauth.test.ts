import { setupAndLoginRoot, putOptions, type RunningGateway } from '@gateway/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidc, type FakeOidc } from '../../test-support/src/fake-oidc.js';
import { artifactPath } from '../support/artifacts.js';
import { launchBrowser, newConsolePage } from '../support/browser.js';
import { startConsoleGateway } from '../support/console-gateway.js';

/** Signing in with OIDC through a real local identity provider and the console's callback page. */
describe('OIDC sign-in in the browser', () => {
  let gateway: RunningGateway;
  let oidc: FakeOidc;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    gateway = await startConsoleGateway();
    oidc = await startFakeOidc({
      clientId: 'console-client',
      clientSecret: 'console-secret',
      redirectUris: [`${gateway.url}/oauth/oidc`],
    });
    const root = await setupAndLoginRoot(gateway.url);
    // What an operator enters in Settings → System → OIDC.
    await putOptions(root, {
      'oidc.client_id': 'console-client',
      'oidc.client_secret': 'console-secret',
      'oidc.well_known': oidc.wellKnown,
      'oidc.authorization_endpoint': oidc.authorizationEndpoint,
      'oidc.enabled': 'true',
      QuotaForNewUser: '2500',
    });
    browser = await launchBrowser();
    ({ page } = await newConsolePage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await oidc?.close();
  });

  it('creates the account on the first sign-in and shows the OIDC binding', async () => {
    oidc.signInAs({
      sub: 'e2e-subject-1',
      email: 'nova@example.com',
      name: 'Nova',
      preferred_username: 'nova',
    });
    await page.goto(`${gateway.url}/login`);
    await page.getByRole('button', { name: '使用 OIDC 继续' }).click();
    // The provider signs Nova in and sends the browser back to the callback page.
    await page.waitForURL('**/token');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { username: string },
    );
    expect(stored.username).toBe('nova');
    await page.goto(`${gateway.url}/personal`);
    const bindings = page.getByTestId('bindings');
    await bindings.getByText('e2e-subject-1').waitFor();
    await bindings.getByText('nova@example.com').waitFor();
    await page.screenshot({ path: artifactPath('oauth-personal-bindings.png') });
    // On a phone the bindings stay inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await bindings.getByText('e2e-subject-1').waitFor();
    const box = await bindings.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('oauth-personal-bindings-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await gateway.ctx.users.repo.findForLogin('nova');
    expect(user?.quota).toBe(2500);
  });

  it('sends a refused callback back to the login page', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${gateway.url}/oauth/oidc?code=forged&state=forged`);
    await page.getByText('操作失败，重定向至登录界面中...').waitFor();
    await page.waitForURL('**/login');
  });
});
