import { FontSizeOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore, type ComponentSize } from '../stores/app-store';
import { Button } from '../../components/Button';

const SIZES: ComponentSize[] = ['small', 'medium', 'large'];

export default function SizeSwitcher({ className }: { className?: string }) {
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`nav.sizes.${s}`) })),
        onClick: ({ key }) => setSize(key as ComponentSize),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<FontSizeOutlined />}
        aria-label={t('nav.size')}
        guardMs={0}
      />
    </Dropdown>
  );
}
