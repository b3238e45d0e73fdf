export { startFakeUpstream, type FakeUpstream } from './server.js';
export { RequestLog } from './requests.js';
export { deterministicVector } from './openai/embeddings.js';
export type {
  ErrorSpec,
  FakeUpstreamOptions,
  RecordedReply,
  RecordedRequest,
  ScenarioSpec,
  StreamUsageMode,
  ToolCallSpec,
  UploadedFile,
  UsageSpec,
} from './types.js';
export { parseSse, readStream, sseJson, type SseEvent } from './sse-client.js';
