import { CHANNEL_TYPES, channelTypeModels } from '@gateway/contract';

/** Every model name any channel type offers out of the box, once each, sorted. */
let allModels: string[] | null = null;
export function allKnownModels(): string[] {
  allModels ??= [...new Set(CHANNEL_TYPES.flatMap((type) => channelTypeModels(type.id)))].sort();
  return allModels;
}

/** Select options: the known names plus whatever is already chosen (custom names included). */
export function modelOptions(chosen: readonly string[], known: readonly string[] = allKnownModels()) {
  const names = [...new Set([...chosen, ...known])];
  return names.map((name) => ({ value: name, label: name }));
}

/** Adds comma-separated names; reports whether some were already chosen ("某些模型已存在！"). */
export function addCustomModels(chosen: readonly string[], text: string) {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const fresh = names.filter((n) => !chosen.includes(n));
  return { models: [...chosen, ...fresh], duplicates: fresh.length < names.length };
}
