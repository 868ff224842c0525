import { http } from './client';
import { encryptSecret, forgetPublicKey } from './encrypt';
import type { MenuNode, UserInfo } from './types';

export async function signIn(account: string, password: string, agreement: boolean): Promise<string> {
  const encrypted = await encryptSecret(password);
  const data = await http.post<{ tokenValue: string }>('/auth/doLogin', {
    account,
    password: encrypted,
    agreement,
  });
  return data.tokenValue;
}

export async function signOut(): Promise<void> {
  try {
    await http.post('/auth/logout', undefined, { quiet: true });
  } finally {
    forgetPublicKey();
  }
}

export const fetchUserInfo = () => http.get<UserInfo>('/auth/getUserInfo');

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const [oldEncrypted, newEncrypted] = await Promise.all([
    encryptSecret(oldPassword),
    encryptSecret(newPassword),
  ]);
  await http.post('/auth/changePassword', { oldPassword: oldEncrypted, newPassword: newEncrypted });
}

export const fetchNav = () => http.get<MenuNode[]>('/coffee/menu/nav');
export const fetchPermissions = () => http.get<string[]>('/coffee/user/permission');
