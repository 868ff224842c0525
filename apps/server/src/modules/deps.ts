/** What buildApp hands every module: the platform's parts (platform/module.ts). */
export type { PlatformDeps as ModuleDeps } from '../platform/module.ts';
