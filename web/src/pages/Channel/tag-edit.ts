import type { TagEditBody } from '../../api/channel-actions';
import { tagPriorityInput, tagWeightInput } from './inline-edit';
import { isJsonObjectText } from './json-text';

/** What the tag editor holds; every field starts blank except the tag name. */
export interface TagEditValues {
  newTag: string;
  priority: string;
  weight: string;
  models: string[];
  groups: string[];
  modelMapping: string;
}

export const emptyTagEdit = (tag: string): TagEditValues => ({
  newTag: tag,
  priority: '',
  weight: '',
  models: [],
  groups: [],
  modelMapping: '',
});

export type TagEditError =
  'priorityInteger' | 'priorityMin' | 'weightNonNegative' | 'modelMappingInvalid' | 'nothingChanged';

/**
 * Spec 2 §4 and §5: every edit overwrites the field on all channels of the tag, a blank field
 * means no change, a blank tag name dissolves the tag, and nothing changed is refused.
 */
export function buildTagEdit(
  tag: string,
  values: TagEditValues,
): { body: TagEditBody } | { error: TagEditError } {
  const body: TagEditBody = { tag };
  const newTag = values.newTag.trim();
  if (newTag !== tag) body.new_tag = newTag;

  const priority = tagPriorityInput(values.priority);
  if (priority && 'error' in priority) return { error: priority.error };
  if (priority) body.priority = priority.value;

  const weight = tagWeightInput(values.weight);
  if (weight && 'error' in weight) return { error: weight.error };
  if (weight) body.weight = weight.value;

  const mapping = values.modelMapping.trim();
  if (mapping) {
    if (!isJsonObjectText(mapping)) return { error: 'modelMappingInvalid' };
    body.model_mapping = mapping;
  }
  if (values.models.length) body.models = values.models.join(',');
  if (values.groups.length) body.groups = values.groups.join(',');

  return Object.keys(body).length === 1 ? { error: 'nothingChanged' } : { body };
}
