/**
 * The takeout product's form (its add and edit routes): the product, its delivery price, its
 * description, enabled and order — the resource's own form fields, so whatever the server adds to
 * the resource shows here too. The merchant picker follows the user (a platform user names the
 * merchant; a merchant's own is implied). Server validation lands on its field.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeoutProductResource } from '@brewfleet/contracts/resources/delivery';
import { encryptSecret } from '../../api/encrypt';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { Button } from '../../components/Button';
import { fieldLabel, formEntries, type FormMode } from '../../resources/field-meta';
import FieldInput from '../../resources/FieldInput';
import { fieldRules } from '../../resources/field-rules';
import { formDef } from '../../resources/form-def';
import { toFormValues, toRequestBody } from '../../resources/form-values';
import { showFieldErrors } from '../../resources/server-errors';
import { useOwnerPicker } from '../../resources/use-owner-picker';
import { resourceKeys } from '../../resources/use-ref-options';
import { validValues } from '../../utils/valid-values';

interface Props {
  mode: FormMode;
  /** The row edited (read whole by the page). */
  row?: Row;
  onSaved: (row: Row) => void;
  onCancel: () => void;
}

/** Start values of a new takeout product: the resource's defaults, then the user's merchant. */
export function startValues(createDefaults?: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.fromEntries(
    Object.entries(takeoutProductResource.fields)
      .filter(([, fd]) => fd.default !== undefined)
      .map(([k, fd]) => [k, fd.default]),
  );
  return { ...defaults, ...createDefaults };
}

export default function TakeoutProductForm({ mode, row, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const owner = useOwnerPicker(takeoutProductResource);
  const def = useMemo(
    () => formDef(takeoutProductResource, owner.overrides ? { overrides: owner.overrides } : {}),
    [owner],
  );
  const entries = formEntries(def, mode);

  useEffect(() => {
    form.setFieldsValue(row ? toFormValues(def, row) : startValues(owner.createDefaults));
  }, [form, def, row, owner]);

  const save = async () => {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const body = await toRequestBody(def, mode, values, encryptSecret);
      const saved =
        mode === 'create'
          ? await resourceApi.create(def.name, body)
          : await resourceApi.update(def.name, { ...body, id: row!.id });
      void message.success(t('delivery.takeout.saved'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
      onSaved(saved);
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

  return (
    <Card>
      <Form
        form={form}
        name="takeout-product-form"
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={() => void save()}
      >
        {entries.map(([key, field]) => {
          const label = fieldLabel(t, def.name, key);
          const locked = mode === 'update' && !!field.createOnly;
          return (
            <Form.Item
              key={key}
              name={key}
              label={label}
              rules={locked ? [] : fieldRules(t, key, field, label, mode)}
              valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
            >
              <FieldInput resource={def.name} name={key} field={field} purpose="form" disabled={locked} />
            </Form.Item>
          );
        })}
        <Space>
          <Button onClick={onCancel} guardMs={0} data-testid="takeout-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="takeout-save">
            {t('common.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
