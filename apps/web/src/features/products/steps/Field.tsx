/** A labelled field of the product flow with its message (a draft issue or the server's). */
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useFieldId } from './step-props';

interface Props {
  path: string;
  /** The control's id when it is not the path's (a value whose path follows its chosen name). */
  inputId?: string;
  label: ReactNode;
  errors: Record<string, string>;
  /** Shown under the field while it has no error (a range, a hint). */
  help?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

export default function Field({ path, inputId, label, errors, help, required, children, className }: Props) {
  const fieldId = useFieldId();
  const error = errors[path];
  return (
    <Form.Item
      label={label}
      htmlFor={inputId ?? fieldId(path)}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
      className={className}
    >
      {children}
    </Form.Item>
  );
}
