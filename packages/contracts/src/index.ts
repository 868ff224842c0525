export * from './envelope.ts';
export * from './long-text-crypto.ts';
export * from './permissions.ts';
export * from './menu-seed.ts';
export * from './resource.ts';
export * from './resources/index.ts';
export * from './i18n/messages.ts';
export * from './enums.ts';
