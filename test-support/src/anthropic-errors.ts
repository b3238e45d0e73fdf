import Anthropic from '@anthropic-ai/sdk';

export type AnthropicApiError = InstanceType<typeof Anthropic.APIError>;

/** The APIError an Anthropic SDK call must fail with; fails the test otherwise. */
export async function anthropicError(call: Promise<unknown>): Promise<AnthropicApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof Anthropic.APIError) return err;
    throw err;
  }
  throw new Error('expected the call to fail with an API error');
}
