/**
 * A sale's price edited where it is shown: typed and kept on Enter or on leaving the field; emptied,
 * the product sells at its catalog price (shown as the placeholder).
 */
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePrice } from './sales-rows';
import { moneyAffix } from '../../utils/format';

interface Props {
  ownPrice: string | null;
  catalogPrice: string | null;
  label: string;
  disabled?: boolean;
  onSave: (price: string | null) => Promise<void>;
}

export default function PriceCell({ ownPrice, catalogPrice, label, disabled, onSave }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = text ?? ownPrice ?? '';
  const parsed = parsePrice(shown);

  const commit = async () => {
    if (text === null) return;
    if (!parsed.valid || parsed.value === ownPrice) {
      setText(null); // invalid or unchanged: back to the stored price
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed.value);
    } catch {
      // toasted by the client; the stored price shows again
    } finally {
      setBusy(false);
      setText(null);
    }
  };

  return (
    <Input
      size="small"
      className="sales-price"
      aria-label={label}
      value={shown}
      placeholder={catalogPrice ?? ''}
      status={parsed.valid ? undefined : 'error'}
      disabled={disabled || busy}
      inputMode="decimal"
      {...moneyAffix(t)}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void commit()}
      onPressEnter={(e) => e.currentTarget.blur()}
    />
  );
}
