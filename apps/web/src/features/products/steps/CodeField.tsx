/**
 * The product code: typed, or the next code of a code rule (`POST /api/coffee/code-rule/next`),
 * which the server makes unique among the merchant's codes. The rule picker starts on the only rule
 * when there is just one.
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { useHasPermission } from '../../../app/stores/permission-store';
import { useRefOptions } from '../../../resources/use-ref-options';
import { nextCode } from '../product-api';
import { useFieldId } from './step-props';
import { Button } from '../../../components/Button';

interface Props {
  value: string;
  onChange: (code: string) => void;
  merchantScope: string | undefined;
  invalid: boolean;
}

export default function CodeField({ value, onChange, merchantScope, invalid }: Props) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const can = useHasPermission();
  const rules = useRefOptions('code-rule', true, { merchantId: merchantScope });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const only = rules.data?.length === 1 ? rules.data[0].value : undefined;
  const rule = chosen ?? only;

  const generate = async () => {
    if (!rule) return;
    setBusy(true);
    try {
      onChange(await nextCode(rule));
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact block>
      <Input
        id={fieldId('code')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        status={invalid ? 'error' : undefined}
        maxLength={64}
        autoComplete="off"
      />
      {can(P.product.create) && (
        <>
          <Select
            aria-label={t('productFlow.info.codeRule')}
            className="product-code-rule"
            value={rule}
            onChange={setChosen}
            options={rules.data ?? []}
            loading={rules.isLoading}
            placeholder={t('productFlow.info.codeRule')}
            notFoundContent={t('productFlow.info.noCodeRule')}
            popupMatchSelectWidth={false}
          />
          <Button icon={<ThunderboltOutlined />} onClick={generate} loading={busy} disabled={!rule}>
            {t('productFlow.info.generate')}
          </Button>
        </>
      )}
    </Space.Compact>
  );
}
