/** Menu icon names (the menu's `icon` field) → icons. Only these are bundled, to keep the shell small. */
import {
  ApartmentOutlined,
  AppstoreOutlined,
  FileOutlined,
  FileSearchOutlined,
  HomeOutlined,
  MenuOutlined,
  SafetyOutlined,
  SettingOutlined,
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
};

export function menuIcon(name: string | null | undefined, isDirectory: boolean): ReactNode {
  return (name && ICONS[name]) || (isDirectory ? <AppstoreOutlined /> : <FileOutlined />);
}
