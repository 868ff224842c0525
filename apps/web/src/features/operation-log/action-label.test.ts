import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@brewfleet/contracts/resources/index';
import { RESOURCE_TITLES } from '@brewfleet/contracts/operation-log-actions';
import { LANGUAGES, type Language } from '@brewfleet/contracts/enums';
import { en } from '../../locales/en';
import { tw } from '../../locales/tw';
import { zh } from '../../locales/zh';
import { actionLabel } from './action-label';

const label = (action: string, lng: string) => actionLabel(action, lng as Language);

describe('operation log actions read as sentences', () => {
  it('names sign-in and sign-out in each language, never by their key', () => {
    expect(label('auth.login', 'en')).toBe('Signed in');
    expect(label('auth.logout', 'en')).toBe('Signed out');
    expect(label('auth.login', 'zh')).toBe('登录');
    expect(label('auth.login', 'tw')).toBe('登入');
  });

  it('says what was done to which resource for the resource endpoints', () => {
    expect(label('store.update', 'en')).toBe('Edited a record in Stores');
    expect(label('device.lock', 'tw')).toBe('鎖定機器');
    expect(label('device-channel.refill', 'zh')).toBe('料道补料');
  });

  it('has a text for every action key the server writes', () => {
    for (const action of [
      'auth.changePassword',
      'account.resetPassword',
      'role.authorize',
      'upload.create',
      'device.bind',
      'device.credentials',
      'device.debug',
      'channel-config.distribute',
      'menu-release.push',
      'menu-release.rollback',
      'code-rule.next',
      'merchant.reveal',
      'product.import',
      'device.delete',
    ])
      for (const lng of ['en', 'zh', 'tw'])
        expect(label(action, lng), `${action} ${lng}`).not.toContain(action);
  });

  it('describes a route without an action by its method and path', () => {
    expect(label('POST /api/coffee/upload', 'en')).toBe('Other operation (POST /api/coffee/upload)');
  });

  it('name each resource as its screen is titled, so the screen and the export agree', () => {
    const locales = { en, zh, tw } as const;
    for (const def of Object.values(RESOURCES))
      for (const lng of LANGUAGES)
        expect(RESOURCE_TITLES[def.name]?.[lng], `${def.name} ${lng}`).toBe(
          (locales[lng].resources as Record<string, { title: string }>)[def.name].title,
        );
  });
});
