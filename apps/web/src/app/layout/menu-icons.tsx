/** Menu icon names (the menu's `icon` field) → icons. Only these are bundled, to keep the shell small. */
import {
  ApartmentOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  ContactsOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileSearchOutlined,
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  safety: <SafetyOutlined />,
  apartment: <ApartmentOutlined />,
  'file-search': <FileSearchOutlined />,
  menu: <MenuOutlined />,
  shop: <ShopOutlined />,
  cluster: <ClusterOutlined />,
  idcard: <IdcardOutlined />,
  environment: <EnvironmentOutlined />,
  contacts: <ContactsOutlined />,
};

export function menuIcon(name: string | null | undefined, isDirectory: boolean): ReactNode {
  return (name && ICONS[name]) || (isDirectory ? <AppstoreOutlined /> : <FileOutlined />);
}
