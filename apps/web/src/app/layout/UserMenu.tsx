import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../session';
import { useUserStore } from '../stores/user-store';
import { Button } from '../../components/Button';

const ChangePasswordDialog = lazy(() => import('../../features/profile/ChangePasswordDialog'));

export default function UserMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useUserStore((s) => s.name || s.account);
  const icon = useUserStore((s) => s.partnerIcon);
  const [changing, setChanging] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('nav.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
          ],
          onClick: async ({ key }) => {
            if (key === 'password') return setChanging(true);
            await logout();
            navigate('/login', { replace: true });
          },
        }}
      >
        <Button
          type="text"
          className={className}
          aria-label={`${t('nav.userMenu')}: ${name}`}
          data-testid="user-menu"
          guardMs={0}
        >
          <Avatar size="small" src={icon || undefined} icon={<UserOutlined />} alt="" />
          <span className="navbar-user-name">{name}</span>
        </Button>
      </Dropdown>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
