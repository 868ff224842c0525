/** What buildApp hands every module: the resource dependencies plus sessions and sign-in throttling. */
import type { ResourceDeps } from '../platform/crud/types.ts';
import type { Sessions } from '../platform/auth/sessions.ts';
import type { Throttle } from '../platform/auth/throttle.ts';

export interface ModuleDeps extends ResourceDeps {
  sessions: Sessions;
  throttle: Throttle;
}
