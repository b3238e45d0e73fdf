/** Images, text-to-speech and speech-to-text, in OpenAI's shapes. */
import { nowSeconds, randomId } from '../ids.js';
import { greyPng, parseSize } from '../png.js';
import type { HandlerContext } from '../router.js';
import { countTokens } from '../tokens.js';
import { DEFAULT_REPLY } from './text.js';
import { resolveUsage } from './usage.js';
import { validateOpenAIRequest } from './validate.js';

/** POST /v1/images/generations: URLs that resolve to real PNGs on this server, or b64_json. */
export async function imagesHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['prompt'], false);
  if (invalid) return ctx.reply.error(invalid);
  const { body, spec } = ctx;
  const model = String(body.model ?? 'dall-e-2');
  const prompt = String(body.prompt);
  const n = typeof body.n === 'number' && body.n > 0 ? body.n : 1;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  // gpt-image-* always answers in base64 and reports token usage; DALL·E honours response_format.
  const gptImage = model.startsWith('gpt-image');
  const base64 = gptImage || body.response_format === 'b64_json';
  const data = Array.from({ length: n }, () => ({
    ...(base64
      ? { b64_json: greyPng(16, 16).toString('base64') }
      : { url: `${ctx.baseUrl}/files/${randomId('img-', 24)}.png?size=${size}` }),
    ...(model === 'dall-e-3' ? { revised_prompt: spec.content ?? `A detailed rendering of: ${prompt}` } : {}),
  }));
  const usage = gptImage
    ? resolveUsage(spec, { prompt: countTokens(prompt, model), completion: 272 * n })
    : null;
  return ctx.reply.json({
    created: nowSeconds(),
    data,
    ...(usage
      ? {
          usage: {
            total_tokens: usage.total,
            input_tokens: usage.prompt,
            output_tokens: usage.completion,
            input_tokens_details: { text_tokens: usage.prompt, image_tokens: 0 },
            ...usage.extra,
          },
        }
      : {}),
  });
}

/** GET /files/<name>.png?size=WxH: the images behind generated URLs. */
export async function imageFileHandler(ctx: HandlerContext): Promise<void> {
  const { width, height } = parseSize(ctx.request.query.size);
  return ctx.reply.send(200, 'image/png', greyPng(width, height));
}

const SPEECH_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): a file players and sniffers accept. */
function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** A RIFF/WAVE header over 16-bit mono silence. */
function silentWav(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(24_000, 24);
  header.writeUInt32LE(48_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

/** POST /v1/audio/speech: raw audio bytes, longer input giving a longer file. */
export async function speechHandler(ctx: HandlerContext): Promise<void> {
  const invalid = validateOpenAIRequest(ctx, ['input', 'voice']);
  if (invalid) return ctx.reply.error(invalid);
  const format = typeof ctx.body.response_format === 'string' ? ctx.body.response_format : 'mp3';
  const contentType = SPEECH_TYPES[format] ?? 'audio/mpeg';
  const length = String(ctx.body.input).length;
  let audio = ctx.spec.speechAudio;
  if (!audio) {
    if (format === 'wav') audio = silentWav(length * 100);
    else if (format === 'pcm') audio = Buffer.alloc(length * 200);
    else audio = silentMp3(Math.max(1, Math.ceil(length / 4)));
  }
  return ctx.reply.send(200, contentType, audio);
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (v: number, width = 2) => String(v).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * POST /v1/audio/transcriptions and /translations: multipart in; `{text}` (plus usage) or plain
 * text for `text`, `srt` and `vtt`; `verbose_json` adds segments.
 */
export function transcriptionHandler(task: 'transcribe' | 'translate') {
  return async (ctx: HandlerContext): Promise<void> => {
    const contentType = ctx.request.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) {
      return ctx.reply.error({
        status: 400,
        message: `Invalid Content-Type header (${contentType || 'none'}), expected multipart/form-data.`,
        type: 'invalid_request_error',
      });
    }
    const invalid = validateOpenAIRequest({ ...ctx, invalidJson: false }, []);
    if (invalid) return ctx.reply.error(invalid);
    if (!ctx.request.files.some((f) => f.field === 'file')) {
      return ctx.reply.error({
        status: 400,
        message: "Missing required parameter: 'file'.",
        type: 'invalid_request_error',
        param: 'file',
        code: 'missing_required_parameter',
      });
    }
    const { spec, body } = ctx;
    const model = String(body.model);
    const text = spec.content ?? DEFAULT_REPLY;
    const seconds = spec.audioSeconds ?? 1;
    const format = typeof body.response_format === 'string' ? body.response_format : 'json';
    const plain = (value: string) => ctx.reply.send(200, 'text/plain; charset=utf-8', value);
    if (format === 'text') return plain(`${text}\n`);
    if (format === 'srt') return plain(`1\n${timestamp(0, ',')} --> ${timestamp(seconds, ',')}\n${text}\n\n`);
    if (format === 'vtt') {
      return plain(`WEBVTT\n\n${timestamp(0, '.')} --> ${timestamp(seconds, '.')}\n${text}\n\n`);
    }
    const usage = task === 'transcribe' ? transcriptionUsage(ctx, model, text, seconds) : null;
    const usageField = usage ? { usage } : {};
    if (format === 'verbose_json') {
      return ctx.reply.json({
        task,
        language: 'english',
        duration: seconds,
        text,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: seconds,
            text,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1,
            no_speech_prob: 0.01,
          },
        ],
        ...usageField,
      });
    }
    return ctx.reply.json({ text, ...usageField });
  };
}

/** gpt-4o-*-transcribe bills tokens; whisper bills duration. */
function transcriptionUsage(ctx: HandlerContext, model: string, text: string, seconds: number) {
  if (!model.startsWith('gpt-')) {
    return ctx.spec.usage === 'none' ? null : { type: 'duration', seconds };
  }
  const usage = resolveUsage(ctx.spec, {
    prompt: Math.ceil(seconds * 10),
    completion: countTokens(text, model),
  });
  if (!usage) return null;
  return {
    type: 'tokens',
    input_tokens: usage.prompt,
    input_token_details: { text_tokens: 0, audio_tokens: usage.prompt },
    output_tokens: usage.completion,
    total_tokens: usage.total,
    ...usage.extra,
  };
}
