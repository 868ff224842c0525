/** An image given by its address, with a small preview once the address is valid. */
import { Image, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isUrl } from '../utils/validators';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

export default function ImageUrlInput({ value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  return (
    <Space.Compact block>
      <Input
        {...rest}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="https://"
        aria-label={t('upload.imageUrl')}
        inputMode="url"
      />
      {text && isUrl(text) && /^https?:/i.test(text) && (
        <Image src={text} alt={t('upload.preview')} width={32} height={32} style={{ objectFit: 'cover' }} />
      )}
    </Space.Compact>
  );
}
