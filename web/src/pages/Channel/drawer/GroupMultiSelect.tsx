import { Select } from '@douyinfe/semi-ui-19';

interface Props {
  id: string;
  /** Groups the server knows (GET /api/group/); chosen ones not among them stay selectable. */
  groups: string[];
  value: string[];
  placeholder: string;
  onChange(groups: string[]): void;
}

/** Pick channel groups: known groups plus any new name typed in. */
export function GroupMultiSelect({ id, groups, value, placeholder, onChange }: Props) {
  return (
    <Select
      id={id}
      aria-labelledby={`${id}-label`}
      multiple
      filter
      allowCreate
      style={{ width: '100%' }}
      placeholder={placeholder}
      optionList={[...new Set([...groups, ...value])].map((g) => ({ value: g, label: g }))}
      value={value}
      onChange={(chosen) => onChange((chosen as string[]) ?? [])}
    />
  );
}
