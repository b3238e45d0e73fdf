/**
 * Bedrock names Anthropic's models with its own ids. Clients ask for Anthropic's names; the
 * channel's model_mapping may already give a Bedrock id (or an inference profile / ARN), which is
 * sent as it is.
 */
const BEDROCK_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
};

/** Already a Bedrock id: `anthropic.…`, a cross-region profile (`us.anthropic.…`) or an ARN. */
const BEDROCK_ID = /^(?:arn:|(?:[a-z]{2,4}\.)?anthropic\.)/;

/**
 * The Bedrock model id for a model name: the table's id, the name itself when it is already a
 * Bedrock id, else `anthropic.<name>-v1:0` (how Bedrock names every dated Claude model so far).
 */
export function bedrockModelId(model: string): string {
  const known = BEDROCK_IDS[model];
  if (known) return known;
  if (BEDROCK_ID.test(model)) return model;
  return `anthropic.${model}-v1:0`;
}
