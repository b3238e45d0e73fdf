import OpenAI from 'openai';

export type OpenAIApiError = InstanceType<typeof OpenAI.APIError>;

/** The APIError a call must fail with; fails the test if the call succeeds or fails otherwise. */
export async function apiError(call: Promise<unknown>): Promise<OpenAIApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof OpenAI.APIError) return err;
    throw err;
  }
  throw new Error('expected the call to fail with an API error');
}
