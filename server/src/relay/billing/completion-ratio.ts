/**
 * Completion ratios of well-known model families, used when the CompletionRatio option has no
 * entry for the model (an operator's entry always wins).
 */
export function builtinCompletionRatio(name: string): number {
  const lower = name.toLowerCase();
  if (name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) {
    if (name.startsWith('gpt-4o')) return name === 'gpt-4o-2024-05-13' ? 3 : 4;
    if (name.startsWith('gpt-4.5')) return 2;
    if (name.startsWith('gpt-4.1')) return 4;
    if (name.startsWith('gpt-4-turbo') || (name.startsWith('gpt-4-') && name.endsWith('preview'))) return 3;
    return 2;
  }
  if (name.startsWith('o1') || name.startsWith('o3') || name.startsWith('o4')) return 4;
  if (name === 'chatgpt-4o-latest') return 3;
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return 3;
  if (name.includes('claude-3') || name.includes('claude-sonnet-4') || name.includes('claude-opus-4'))
    return 5;
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return 3;
    if (name.endsWith('1106')) return 2;
    return 4 / 3;
  }
  if (name.startsWith('mistral-')) return 3;
  if (name.startsWith('gemini-')) {
    if (name.startsWith('gemini-2.5-pro')) return 8;
    return 4;
  }
  if (name.startsWith('command')) {
    if (name === 'command-r') return 3;
    if (name === 'command-r-plus') return 5;
    return 4;
  }
  if (lower === 'deepseek-chat' || lower === 'deepseek-reasoner') return 4;
  if (/^ERNIE-(Speed-|Lite-|Character|Functions)/.test(name)) return 2;
  return 1;
}
