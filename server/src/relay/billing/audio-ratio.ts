/**
 * Audio tokens cost more than text tokens of the same model; these are OpenAI's price ratios of
 * audio to text input for its audio-capable families (audio output costs `AUDIO_COMPLETION_RATIO`
 * times audio input). They apply only to the audio part a usage reports.
 */
export const AUDIO_COMPLETION_RATIO = 2;

export function builtinAudioRatio(name: string): number {
  if (name.includes('-realtime')) {
    if (name.endsWith('gpt-4o-realtime-preview-2024-12-17')) return 8;
    if (name.includes('mini')) return 10 / 0.6;
    return 20;
  }
  if (name.includes('-audio')) {
    if (name.endsWith('gpt-4o-audio-preview-2024-12-17')) return 16;
    if (name.includes('mini')) return 10 / 0.15;
    return 40;
  }
  return 20;
}
