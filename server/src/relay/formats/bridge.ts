import type { InboundRequest, ParsedResponse, ProviderAdapter, UpstreamTarget } from '../providers/types.js';
import { hubPartsText } from './hub.js';
import { HubStreamTranslator } from './hub-stream.js';
import type { WireFormat } from './types.js';

/**
 * An adapter for a client format its upstream does not speak: the request goes client format →
 * hub → upstream format and then through the upstream's own adapter (URL, headers, model
 * mapping, provider tweaks); answers and streams come back the same way. Only conversions live
 * here, so a new client format or a new upstream family needs no pair-specific code.
 */
export function bridgeAdapter(native: ProviderAdapter, client: WireFormat): ProviderAdapter {
  const upstream = native.chatFormat;

  const asUpstream = (inbound: InboundRequest): InboundRequest => {
    // Gemini names the model and the streaming in the URL, not the body.
    const hub = { ...client.requestToHub(inbound.body ?? {}), stream: inbound.stream };
    hub.model ||= inbound.model;
    const body = upstream.requestFromHub(hub);
    return {
      ...inbound,
      mode: upstream.mode,
      path: upstream.path,
      // The client's query belongs to its own protocol (Gemini's may hold the gateway key).
      query: '',
      body,
      raw: Buffer.from(JSON.stringify(body)),
      converted: true,
      ...(hub.reasoningEffort ? { reasoningEffort: hub.reasoningEffort } : {}),
      // Usage in the upstream's stream is the gateway's business here, never forwarded as is.
      clientWantsUsage: false,
    };
  };

  return {
    chatFormat: upstream,
    supports: (mode) => mode === client.mode,

    buildRequest: (inbound, target) => native.buildRequest(asUpstream(inbound), target),

    parseResponse(inbound, body, contentType, target: UpstreamTarget): ParsedResponse {
      const parsed = native.parseResponse({ ...inbound, mode: upstream.mode }, body, contentType, target);
      if (parsed.error) return parsed;
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(parsed.body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return {
          ...parsed,
          error: {
            message: 'the upstream answer is not valid JSON',
            type: 'upstream_error',
            code: 'bad_response_body',
            param: null,
          },
        };
      }
      const hub = upstream.responseToHub(json);
      const out = client.responseFromHub({ ...hub, model: hub.model || inbound.model });
      return {
        body: Buffer.from(JSON.stringify(out)),
        contentType: 'application/json',
        usage: parsed.usage,
        text: () => hubPartsText(hub.parts),
      };
    },

    streamTranslator: (inbound) =>
      new HubStreamTranslator(
        upstream.streamDecoder(),
        client.streamEncoder({ model: inbound.model, clientWantsUsage: inbound.clientWantsUsage }),
      ),

    parseError: (status, body, headers) => native.parseError(status, body, headers),
    streamFraming: native.streamFraming,
    transport: native.transport,
  };
}
