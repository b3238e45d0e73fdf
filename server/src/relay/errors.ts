/**
 * A relay failure, answered in the client format's error shape (`formats/`). `local` errors are the gateway's own
 * (bad request, no quota, no channel): they are never retried on another channel and never count
 * against a channel's health.
 */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly options: { local?: boolean; type?: string; param?: string | null; retryAfter?: number } = {},
  ) {
    super(message);
  }

  get local() {
    return this.options.local ?? true;
  }
  get type() {
    return this.options.type ?? 'new_api_error';
  }
}

/**
 * A channel's credentials were refused while preparing the call (an OAuth grant for a revoked
 * key): the client gets `status`, a gateway error; channel health sees `upstreamStatus` (401),
 * as if the upstream itself had refused the key.
 */
export class ChannelCredentialError extends RelayError {
  constructor(
    status: number,
    message: string,
    code: string,
    readonly upstreamStatus: number,
  ) {
    super(status, message, code, { local: false, type: 'upstream_error' });
  }
}
