import { Input } from '@douyinfe/semi-ui-19';
import { useState } from 'react';

interface Props {
  /** The stored value; null shows an empty box (a tag whose channels differ). */
  value: number | null;
  label: string;
  placeholder?: string;
  /**
   * Saves the typed text (Enter or leaving the box). The caller applies the rules, toasts, and
   * answers the value it saved, or null when it refused or failed.
   */
  onCommit(text: string): Promise<number | null>;
}

/**
 * The inline priority / weight box of a table row. While typing it shows the draft; a saved value
 * stays shown until the reloaded list brings it; a refused one gives way to the stored value.
 */
export function InlineNumber({ value, label, placeholder, onCommit }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ value: number; over: number | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const stored = saved && saved.over === value ? saved.value : value;
  const shown = draft ?? (stored === null ? '' : String(stored));

  const commit = async () => {
    if (draft === null || saving) return;
    if (draft.trim() === (stored === null ? '' : String(stored))) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      const result = await onCommit(draft).catch(() => null);
      setSaved(result === null ? null : { value: result, over: value });
    } finally {
      setSaving(false);
      setDraft(null);
    }
  };

  return (
    <Input
      className="channel-inline-number"
      size="small"
      aria-label={label}
      value={shown}
      placeholder={placeholder}
      disabled={saving}
      onChange={(text) => setDraft(text)}
      onBlur={() => void commit()}
      onEnterPress={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}
