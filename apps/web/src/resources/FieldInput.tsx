/** The input control of one field kind, for the create/edit form and the search form. */
import { DatePicker, Form, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@brewfleet/contracts/resource';
import ImageGalleryField from '../components/ImageGalleryField';
import MediaUploadField from '../components/MediaUploadField';
import { enumOptions } from './field-meta';
import LocalizedNamesInput from './LocalizedNamesInput';
import { refPicker, useRefOptions, useSearchedOptions } from './use-ref-options';
import { moneyAffix } from '../utils/format';

interface Props {
  resource: string;
  name: string;
  field: FieldDef;
  /** Search controls allow clearing and several values for `in`. */
  purpose: 'form' | 'search';
  disabled?: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-label'?: string;
}

/** Resources whose options follow the merchant chosen in the same form (an account's roles, store…). */
const MERCHANT_OWNED = new Set(['role', 'store', 'organization']);

function RefSelect({
  field,
  multiple,
  ...rest
}: { field: FieldDef; multiple: boolean } & Record<string, unknown>) {
  const { t } = useTranslation();
  // Inside a form with a merchant picker, offer only that merchant's rows: the server refuses others.
  const chosenMerchant = Form.useWatch('merchantId') as string | undefined;
  const merchantId = field.ref && MERCHANT_OWNED.has(field.ref) ? chosenMerchant || undefined : undefined;
  const { data, isLoading } = useRefOptions(field.ref, true, { merchantId });
  // Another merchant chosen: what was picked that is not among the new one's rows (another
  // merchant's roles, its store) goes, rather than be sent and refused by the server.
  const prunedFor = useRef(merchantId);
  const { value, onChange } = rest as { value?: unknown; onChange?: (value: unknown) => void };
  useEffect(() => {
    if (prunedFor.current === merchantId || isLoading || !data) return;
    prunedFor.current = merchantId;
    const allowed = new Set(data.map((o) => String(o.value)));
    if (multiple) {
      const picked = Array.isArray(value) ? value : [];
      const kept = picked.filter((v) => allowed.has(String(v)));
      if (kept.length !== picked.length) onChange?.(kept);
    } else if (value != null && value !== '' && !allowed.has(String(value))) onChange?.(undefined);
  }, [merchantId, data, isLoading, multiple, value, onChange]);
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={data ?? []}
      placeholder={t('common.pleaseSelect')}
    />
  );
}

/**
 * A ref to a row among too many to list (an order): found by typing the start of its label; the
 * server answers the newest matches (`/select?keyword=`), asked a moment after typing stops.
 */
function SearchRefSelect({ field, ...rest }: { field: FieldDef } & Record<string, unknown>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useSearchedOptions(field.ref!, keyword, open);
  return (
    <Select
      {...rest}
      onOpenChange={setOpen}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={isFetching}
      options={data ?? []}
      notFoundContent={isFetching ? null : undefined}
      placeholder={t('common.typeToFind')}
    />
  );
}

export default function FieldInput({ resource, name, field, purpose, ...control }: Props) {
  const { t } = useTranslation();
  const search = purpose === 'search';
  const props = control as Record<string, unknown>;
  switch (field.kind) {
    case 'enum':
      return (
        <Select
          {...props}
          allowClear={search || !field.required}
          mode={search && field.search === 'in' ? 'multiple' : undefined}
          options={enumOptions(t, resource, name, field)}
          placeholder={t('common.pleaseSelect')}
        />
      );
    case 'enums':
      return (
        <Select
          {...props}
          allowClear
          mode="multiple"
          options={enumOptions(t, resource, name, field)}
          placeholder={t('common.pleaseSelect')}
        />
      );
    case 'number':
      return <InputNumber {...props} min={field.min} max={field.max} style={{ width: '100%' }} />;
    case 'time':
      // A time typed or picked counts at once, without the panel's OK.
      return (
        <TimePicker {...props} format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
      );
    case 'secret':
      // Secrets are answered masked; an empty input on edit keeps the stored value.
      return <Input.Password {...props} autoComplete="off" />;
    case 'ref': {
      const picker = refPicker(field.ref);
      if (!picker)
        return <Input {...props} inputMode="numeric" allowClear={search} placeholder={t('common.enterId')} />;
      if (picker === 'search') return <SearchRefSelect {...props} field={field} />;
      return <RefSelect {...props} field={field} multiple={search && field.search === 'in'} />;
    }
    case 'refs':
      return <RefSelect {...props} field={field} multiple />;
    case 'bool':
      return search ? (
        <Select
          {...props}
          allowClear
          options={[
            { value: true, label: t('common.yes') },
            { value: false, label: t('common.no') },
          ]}
          placeholder={t('common.pleaseSelect')}
        />
      ) : (
        <Switch {...props} checked={Boolean(props.checked ?? control.value)} />
      );
    case 'int':
      return (
        <InputNumber {...props} min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />
      );
    case 'money':
      return (
        <Input
          {...props}
          inputMode="decimal"
          {...moneyAffix(t)}
          value={control.value as string | undefined}
        />
      );
    case 'date':
    case 'datetime':
      if (search && field.search === 'range')
        return (
          <DatePicker.RangePicker
            {...props}
            showTime={field.kind === 'datetime'}
            placeholder={[t('common.rangeFrom'), t('common.rangeTo')]}
          />
        );
      return <DatePicker {...props} showTime={field.kind === 'datetime'} style={{ width: '100%' }} />;
    case 'textarea':
      return search ? (
        <Input {...props} allowClear />
      ) : (
        <Input.TextArea {...props} rows={3} showCount maxLength={field.max ?? 2000} />
      );
    case 'json':
      return <Input.TextArea {...props} rows={5} spellCheck={false} />;
    case 'localized':
      return <LocalizedNamesInput {...props} max={field.max} />;
    case 'password':
      return <Input.Password {...props} autoComplete="new-password" />;
    case 'image':
      // Forms upload the file and keep its id (README "Merchants, stores …": uploads).
      return search ? <Input {...props} allowClear /> : <MediaUploadField {...props} kind="image" />;
    case 'images':
      return <ImageGalleryField {...props} max={field.max ?? 6} />;
    case 'email':
      return <Input {...props} type={search ? 'text' : 'email'} allowClear={search} autoComplete="off" />;
    case 'phone':
      return <Input {...props} type={search ? 'text' : 'tel'} allowClear={search} autoComplete="off" />;
    default:
      return <Input {...props} allowClear={search} />;
  }
}
