/**
 * The signed-in user. The token is kept in local storage and in the `token` cookie (CONTRACT §5), so
 * it survives a reload; sign-out clears it with the partner id, type, name and icon.
 */
import Cookies from 'js-cookie';
import { createStore, useStore } from 'zustand';
import type { PartnerType } from '@brewfleet/contracts/enums';
import type { UserInfo } from '../../api/types';

export const TOKEN_KEY = 'token';
const USER_KEY = 'brewfleet:user';

export interface UserState {
  token: string;
  userId: string;
  account: string;
  name: string;
  partnerId: string;
  partnerType: PartnerType | '';
  partnerName: string;
  partnerIcon: string;
  setToken: (token: string) => void;
  setUserInfo: (info: UserInfo) => void;
  clear: () => void;
}

const EMPTY_USER = {
  userId: '',
  account: '',
  name: '',
  partnerId: '',
  partnerType: '' as const,
  partnerName: '',
  partnerIcon: '',
};

function readToken(): string {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? Cookies.get(TOKEN_KEY) ?? '';
  } catch {
    return Cookies.get(TOKEN_KEY) ?? '';
  }
}

function readUser(): Partial<typeof EMPTY_USER> {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? '{}') as Partial<typeof EMPTY_USER>;
  } catch {
    return {};
  }
}

export const userStore = createStore<UserState>()((set) => ({
  ...EMPTY_USER,
  ...readUser(),
  token: readToken(),
  setToken: (token) => {
    localStorage.setItem(TOKEN_KEY, token);
    Cookies.set(TOKEN_KEY, token, { sameSite: 'strict' });
    set({ token });
  },
  setUserInfo: (info) => {
    const user = {
      userId: info.userId,
      account: info.account,
      name: info.name,
      partnerId: info.partnerId ?? '',
      partnerType: info.partnerType,
      partnerName: info.partnerName ?? '',
      partnerIcon: info.partnerIcon ?? '',
    };
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set(user);
  },
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    Cookies.remove(TOKEN_KEY);
    set({ ...EMPTY_USER, token: '' });
  },
}));

/** The route guard's test: a stored token that is not blank. */
export function hasToken(): boolean {
  return userStore.getState().token.trim() !== '';
}

export const useUserStore = <T>(selector: (state: UserState) => T): T => useStore(userStore, selector);
