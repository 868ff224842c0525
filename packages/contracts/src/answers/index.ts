export * from './envelope.ts';
export * from './resource-answers.ts';
export * from './fleet.ts';
export * from './iam.ts';
export * from './tenancy.ts';
export * from './menus.ts';
export * from './platform.ts';
export * from './home.ts';
