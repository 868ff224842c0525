/**
 * The create/edit drawer of a resource, built from its form fields. Editing reads the full item first
 * (lists may leave fields out). Password fields are encrypted before they leave the page; server
 * validation errors land on their fields.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Drawer, Form, Space, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { encryptSecret } from '../api/encrypt';
import { resourceApi } from '../api/resource-api';
import type { Row } from '../api/types';
import { fieldLabel, formEntries, titleKey, type FormMode } from './field-meta';
import FieldInput from './FieldInput';
import { fieldRules } from './field-rules';
import { toFormValues, toRequestBody } from './form-values';
import { showFieldErrors } from './server-errors';
import { resourceKeys } from './use-ref-options';
import { Button } from '../components/Button';
import { validValues } from '../utils/valid-values';

/** Replaces the control of a field (a tree picker for a parent, radio buttons for a type …). */
export type FieldRenderers = Partial<Record<string, (mode: FormMode) => ReactNode>>;

export interface FormTarget {
  mode: FormMode;
  id?: string;
  /** Values a new record starts with (e.g. the parent chosen in a tree). */
  defaults?: Record<string, unknown>;
}

interface Props {
  def: ResourceDef;
  /** The resource's name as the page calls it; its own title when absent. */
  title?: string;
  target: FormTarget | null;
  onClose: () => void;
  onSaved?: (row: Row) => void;
  renderers?: FieldRenderers;
  /** Help shown under a field. */
  hints?: Partial<Record<string, string>>;
}

export default function ResourceFormDrawer({
  def,
  title,
  target,
  onClose,
  onSaved,
  renderers = {},
  hints = {},
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  /** The edit whose record the form holds: until it is this one, the record is on its way. */
  const [loadedFor, setLoadedFor] = useState<FormTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mode = target?.mode ?? 'create';
  // Derived, not set in an effect: the form is disabled from the first render of an edit.
  const loading = mode === 'update' && loadedFor !== target;
  const entries = formEntries(def, mode);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'create') {
      const defaults = Object.fromEntries(
        Object.entries(def.fields)
          .filter(([, fd]) => fd.default !== undefined)
          .map(([k, fd]) => [k, fd.default]),
      );
      form.setFieldsValue({ ...defaults, ...target.defaults });
      return;
    }
    let cancelled = false;
    resourceApi
      .get(def.name, target.id!)
      .then((row) => {
        if (cancelled) return;
        form.setFieldsValue(toFormValues(def, row));
        setLoadedFor(target);
      })
      .catch(() => !cancelled && onClose());
    return () => {
      cancelled = true;
    };
  }, [target, def, form, onClose]);

  const save = async () => {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const body = await toRequestBody(def, mode, values, encryptSecret);
      const row =
        mode === 'create'
          ? await resourceApi.create(def.name, body)
          : await resourceApi.update(def.name, { ...body, id: target!.id! });
      void message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
      onSaved?.(row);
      onClose();
    } catch (error) {
      showFieldErrors(
        form,
        error,
        entries.map(([key]) => key),
      );
    } finally {
      setSaving(false);
    }
  };

  const resource = title ?? t(titleKey(def.name));
  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      title={`${t(mode === 'create' ? 'common.create' : 'common.edit')} · ${resource}`}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose} guardMs={0}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={loading}
            onClick={() => void save()}
            data-testid="drawer-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {/* Until the record is here, nothing can be typed or saved: its values would overwrite what was
            typed, and a save would check a half-empty form (a browser test typed into one, CI). */}
        <Form
          form={form}
          name={`${def.name}-form`}
          layout="vertical"
          preserve={false}
          disabled={loading}
          onFinish={save}
        >
          {entries.map(([key, field]) => {
            const label = fieldLabel(t, def.name, key);
            const custom = renderers[key];
            const lockedOnEdit = mode === 'update' && !!field.createOnly;
            return (
              <Form.Item
                key={key}
                name={key}
                label={label}
                extra={hints[key]}
                rules={lockedOnEdit ? [] : fieldRules(t, key, field, label, mode)}
                dependencies={key === 'confirmPassword' ? ['password'] : undefined}
                valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
              >
                {custom ? (
                  custom(mode)
                ) : (
                  <FieldInput
                    resource={def.name}
                    name={key}
                    field={field}
                    purpose="form"
                    // undefined, not false: the form's `disabled` (while loading) reaches the field.
                    disabled={lockedOnEdit || undefined}
                  />
                )}
              </Form.Item>
            );
          })}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Spin>
    </Drawer>
  );
}
