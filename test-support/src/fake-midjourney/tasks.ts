/**
 * The fake proxy's task book. A task moves one step per poll (list-by-condition or fetch), as a
 * real proxy's tasks progress while Discord draws: SUBMITTED 0% → IN_PROGRESS 50% → SUCCESS 100%
 * with an image. A prompt containing `[fail]` fails at the second step instead.
 */
export interface FakeMjTask {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: Array<{ customId: string; emoji: string; label: string; type: number; style: number }>;
  properties: Record<string, unknown>;
}

export const FAIL_REASON = 'Banned prompt detected';

export function newTask(id: string, action: string, prompt: string, state: string): FakeMjTask {
  return {
    id,
    action,
    prompt,
    promptEn: prompt,
    description: '/imagine ' + prompt,
    state,
    submitTime: Date.now(),
    startTime: 0,
    finishTime: 0,
    imageUrl: '',
    status: 'SUBMITTED',
    progress: '0%',
    failReason: '',
    buttons: [],
    properties: { discordInstanceId: 'fake-instance', finalPrompt: prompt },
  };
}

/** One step of drawing. */
export function advance(task: FakeMjTask, baseUrl: string) {
  if (task.status === 'SUCCESS' || task.status === 'FAILURE') return;
  if (task.status === 'SUBMITTED') {
    task.status = 'IN_PROGRESS';
    task.progress = '50%';
    task.startTime = Date.now();
    task.imageUrl = `${baseUrl}/attachments/${task.id}-preview.png`;
    return;
  }
  task.finishTime = Date.now();
  if (task.prompt.includes('[fail]')) {
    task.status = 'FAILURE';
    task.failReason = FAIL_REASON;
    return;
  }
  task.status = 'SUCCESS';
  task.progress = '100%';
  task.imageUrl = `${baseUrl}/attachments/${task.id}.png`;
  task.buttons = [1, 2, 3, 4].flatMap((i) => [
    { customId: `MJ::JOB::upsample::${i}::${task.id}`, emoji: '', label: `U${i}`, type: 2, style: 2 },
    { customId: `MJ::JOB::variation::${i}::${task.id}`, emoji: '', label: `V${i}`, type: 2, style: 2 },
  ]);
}
