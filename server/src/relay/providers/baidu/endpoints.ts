/**
 * ERNIE v1 serves each model under its own path segment (`.../wenxinworkshop/chat/<endpoint>`),
 * named before the public model names existed; newer models use their lowercased name.
 */
const ENDPOINTS: Readonly<Record<string, string>> = {
  'ERNIE-4.0': 'completions_pro',
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-Bot': 'completions',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-Speed': 'ernie_speed',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Character-8K': 'ernie-char-8k',
  'ERNIE-Functions-8K': 'ernie-func-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  // Embedding models (`.../wenxinworkshop/embeddings/<endpoint>`).
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

/** The path segment of a model: the known table, else the model's name in lower case. */
export function baiduEndpoint(model: string): string {
  return ENDPOINTS[model] ?? model.toLowerCase();
}
