import type { InboundRequest, UpstreamTarget } from '../types.js';

const REASONING_SUFFIX = /-(high|medium|low)$/;

/** The JSON body sent upstream: the client's body with the mapped model and provider tweaks. */
export function upstreamBody(inbound: InboundRequest, target: UpstreamTarget): string | Buffer {
  if (target.passThrough) return inbound.raw;
  if (!inbound.body) return replaceMultipartModel(inbound, target.upstreamModel);
  // Most requests need no change: forwarding the client's bytes saves a serialisation.
  if (unchanged(inbound, target)) return inbound.raw;
  const out: Record<string, unknown> = { ...inbound.body, model: target.upstreamModel };
  if (inbound.mode === 'chat' || inbound.mode === 'completions') {
    if (inbound.stream && target.includeUsage) {
      const given = typeof out.stream_options === 'object' && out.stream_options ? out.stream_options : {};
      out.stream_options = { ...given, include_usage: true };
    } else {
      delete out.stream_options;
    }
  }
  if (inbound.mode === 'chat') adaptReasoningModel(out, target.upstreamModel);
  if (target.channel.paramOverride) Object.assign(out, target.channel.paramOverride);
  return JSON.stringify(out);
}

function unchanged(inbound: InboundRequest, target: UpstreamTarget): boolean {
  const body = inbound.body!;
  if (body.model !== target.upstreamModel || target.channel.paramOverride) return false;
  if (inbound.mode === 'chat' && /^o\d/.test(inbound.model)) return false;
  if (inbound.mode !== 'chat' && inbound.mode !== 'completions') return true;
  if (inbound.stream && target.includeUsage) return inbound.clientWantsUsage;
  return body.stream_options === undefined;
}

/** o-series: max_completion_tokens, no temperature, effort suffixes, developer role. */
function adaptReasoningModel(out: Record<string, unknown>, model: string) {
  if (!/^o\d/.test(model)) return;
  const effort = REASONING_SUFFIX.exec(model);
  if (effort) {
    out.model = model.slice(0, -effort[0].length);
    out.reasoning_effort = effort[1];
  }
  if (out.max_tokens !== undefined && out.max_completion_tokens === undefined) {
    out.max_completion_tokens = out.max_tokens;
    delete out.max_tokens;
  }
  delete out.temperature;
  const name = String(out.model);
  if ((name === 'o1' || name.startsWith('o1-2') || name.startsWith('o3')) && Array.isArray(out.messages)) {
    const [first, ...rest] = out.messages as Array<Record<string, unknown>>;
    if (first?.role === 'system') out.messages = [{ ...first, role: 'developer' }, ...rest];
  }
}

/** Multipart uploads are forwarded byte for byte; only the model field changes when mapped. */
function replaceMultipartModel(inbound: InboundRequest, upstreamModel: string): Buffer {
  if (upstreamModel === inbound.model) return inbound.raw;
  const text = inbound.raw.toString('latin1');
  const pattern = /(Content-Disposition: form-data; name="model"\r\n\r\n)([^\r]*)(\r\n)/i;
  if (!pattern.test(text)) return inbound.raw;
  const model = Buffer.from(upstreamModel, 'utf8').toString('latin1');
  return Buffer.from(
    text.replace(pattern, (_m, a: string, _b: string, c: string) => `${a}${model}${c}`),
    'latin1',
  );
}
