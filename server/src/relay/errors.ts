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
