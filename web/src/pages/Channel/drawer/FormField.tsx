import { Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

interface Props {
  /** The control's id, so the label names it for assistive tech (and for tests). */
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the label (the descriptor says blank is refused). */
  required?: boolean;
  /** Buttons shown beside the label (fill template, fetch models, ...). */
  extra?: ReactNode;
  children: ReactNode;
}

/** One labelled field of the channel drawer and the tag editor. */
export function FormField({ id, label, hint, error, required, extra, children }: Props) {
  return (
    <div className="channel-field">
      <div className="channel-field-head">
        <label
          className={required ? 'channel-field-label channel-field-required' : 'channel-field-label'}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
        </label>
        {extra && <div className="channel-field-extra">{extra}</div>}
      </div>
      {children}
      {hint && (
        <Typography.Text type="tertiary" size="small" className="channel-field-hint">
          {hint}
        </Typography.Text>
      )}
      {error && (
        <Typography.Text type="danger" size="small" className="channel-field-error" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
