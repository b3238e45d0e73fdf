import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { putOptions, registerAndLogin, setupAndLoginRoot, type ApiClient } from './api-client.js';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream/index.js';
import { startGateway, type RunningGateway } from './gateway.js';
import {
  balances,
  channelUsedQuota,
  consumeLogs,
  removeAllChannels,
  setUserQuota,
} from './relay-fixtures.js';

/** What a client × channel matrix suite shares; filled in by the hooks `relayMatrix` registers. */
export interface RelayMatrix {
  gw: RunningGateway;
  upstream: FakeUpstream;
  root: ApiClient;
  /** A new user for every test, holding `startQuota`, with no channels left from the last test. */
  userId: number;
}

/**
 * Registers the hooks of a matrix suite: one gateway and fake upstream for the file, the given
 * options (prices) saved once, and before each test a fresh user and an empty routing table.
 */
export function relayMatrix(setup: {
  options: Record<string, string>;
  startQuota: number;
  userPrefix: string;
}): RelayMatrix {
  const matrix = {} as RelayMatrix;
  beforeAll(async () => {
    matrix.upstream = await startFakeUpstream();
    matrix.gw = await startGateway();
    matrix.root = await setupAndLoginRoot(matrix.gw.url);
    await putOptions(matrix.root, setup.options);
  });
  afterAll(async () => {
    await matrix.gw?.stop();
    await matrix.upstream?.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(matrix.gw.url, `${setup.userPrefix}${n++}`);
    matrix.userId = user.userId!;
    matrix.upstream.reset();
    await removeAllChannels(matrix.gw);
    await setUserQuota(matrix.gw, matrix.userId, setup.startQuota);
  });
  return matrix;
}

/**
 * The one call of a test was charged `quota` exactly once: on the user, the token (which started
 * with `tokenStart`), the channel, and in a single consumption log row (with these token counts,
 * when given). Returns the row's `other`.
 */
export async function expectSingleCharge(
  matrix: RelayMatrix,
  charge: {
    startQuota: number;
    tokenStart: number;
    channelId: number;
    tokenId: number;
    quota: number;
    prompt?: number;
    completion?: number;
    stream: boolean;
  },
): Promise<Record<string, unknown>> {
  const { gw, userId } = matrix;
  const { quota } = charge;
  const b = await balances(gw, userId, charge.tokenId);
  expect(b.user).toEqual({ quota: charge.startQuota - quota, used_quota: quota, request_count: 1 });
  expect(b.token).toEqual({ remain_quota: charge.tokenStart - quota, used_quota: quota });
  expect(await channelUsedQuota(gw, charge.channelId)).toBe(quota);
  const logs = await consumeLogs(gw, userId);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({
    quota,
    ...(charge.prompt === undefined ? {} : { prompt_tokens: charge.prompt }),
    ...(charge.completion === undefined ? {} : { completion_tokens: charge.completion }),
    is_stream: charge.stream ? 1 : 0,
    channel_id: charge.channelId,
  });
  return JSON.parse(logs[0]!.other) as Record<string, unknown>;
}
