import type { Route } from '../router.js';
import { bedrockFamily } from './family.js';
import { invokeHandler } from './invoke.js';
import type { AwsKeys } from './keys.js';

/** Bedrock Runtime's InvokeModel and InvokeModelWithResponseStream, checking SigV4 with `keys`. */
export function bedrockRoutes(keys: AwsKeys): Route[] {
  return [
    {
      name: 'bedrock.invoke',
      method: 'POST',
      path: /^\/model\/(?<modelId>[^/]+)\/(?<method>invoke|invoke-with-response-stream)$/,
      family: bedrockFamily,
      handle: (ctx) =>
        invokeHandler(keys)({
          ...ctx,
          params: { ...ctx.params, modelId: decodeURIComponent(ctx.params.modelId ?? '') },
        }),
    },
  ];
}
