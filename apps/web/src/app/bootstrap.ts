/** Start-up wiring: restore the session-stored state, languages, and the client's hooks. */
import { configureClient } from '../api/client';
import { i18next, initI18n } from './i18n';
import { getRouter } from './routing/router';
import { cleanupSession } from './session';
import { restorePersistedStores, saveStoresOnUnload } from './stores/persistence';
import { userStore } from './stores/user-store';

export async function bootstrap(): Promise<void> {
  restorePersistedStores();
  saveStoresOnUnload();
  await initI18n();
  configureClient({
    getToken: () => userStore.getState().token,
    translate: (key) => i18next.t(key),
    onUnauthorized: () => {
      cleanupSession();
      const router = getRouter();
      if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
    },
  });
}
