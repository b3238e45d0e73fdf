import { openAIChat } from '../../formats/openai-chat/index.js';
import { OpenAIStreamTranslator } from '../openai/stream.js';
import type { ProviderAdapter } from '../types.js';
import { parseSparkAnswer } from './answer.js';
import { parseSparkError } from './frames.js';
import { sparkRequest } from './request.js';
import { SPARK_FRAMES_TYPE, SparkFrameDecoder } from './stream.js';
import { sparkTransport } from './transport.js';

/**
 * Xunfei Spark (channel type 18): a WebSocket per call, signed with the channel's API secret.
 * Requests are built from OpenAI chat bodies and answers read as OpenAI chat (each frame becomes
 * the chunk it stands for), so OpenAI clients are served as by any OpenAI upstream and the other
 * chat formats through the hub.
 */
export const sparkAdapter: ProviderAdapter = {
  chatFormat: openAIChat,
  supports: (mode) => mode === 'chat',
  buildRequest: sparkRequest,
  parseResponse: (inbound, body) => parseSparkAnswer(inbound, body),
  streamTranslator: (inbound) => new OpenAIStreamTranslator(inbound),
  parseError: (status, body) => parseSparkError(status, body),
  streamFraming: {
    contentType: SPARK_FRAMES_TYPE,
    decoder: (inbound) => new SparkFrameDecoder(inbound.model),
  },
  transport: sparkTransport,
};
