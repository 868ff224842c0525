/**
 * The state of one product flow tab: the draft (restored from local storage when there is one,
 * else a new product or the product being copied or edited), the current step, which steps the user
 * already tried to leave (their missing parts show from then on), the server's field errors, and the
 * moves between steps and the save, each refused with 'Please complete the product information'
 * while a step before the target is incomplete.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translate } from '@brewfleet/contracts/i18n/messages';
import { ApiError } from '../../api/api-error';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useAppStore } from '../../app/stores/app-store';
import { tagsViewStore } from '../../app/stores/tags-view-store';
import { useUserStore } from '../../app/stores/user-store';
import { resourceKeys } from '../../resources/use-ref-options';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-storage';
import { parameterRanges, productKeys } from './product-api';
import {
  draftFromProduct,
  emptyDraft,
  productBody,
  withoutUnchangedRecipe,
  type ProductDraft,
} from './product-draft';
import { firstIncomplete, STEPS, stepIssues, stepOfPath, type StepContext } from './product-steps';
import { parameterName, type Issue } from './recipe-check';
import { familiesOf, PRODUCT_LIST_PATH, WIZARD_ROUTES, type WizardRouteName } from './wizard-routes';

export interface WizardState {
  draft: ProductDraft;
  step: number;
  /** Changed since it was opened or restored: only then is there a draft worth keeping. */
  dirty: boolean;
  /** Steps the user tried to leave or save while incomplete. */
  attempted: number[];
  /** The last save's field errors, by path. */
  serverErrors: Record<string, string>;
  /** When the restored draft was saved; null when nothing was restored (or the notice was closed). */
  restoredAt: string | null;
}

export interface StepMessage {
  path: string;
  key: string;
  text: string;
}

const ARRIVAL = ['id'] as const;

export const initialState = (draft: ProductDraft): WizardState => ({
  draft,
  step: 0,
  dirty: false,
  attempted: [],
  serverErrors: {},
  restoredAt: null,
});

export function useProductWizard(route: WizardRouteName) {
  const config = WIZARD_ROUTES[route];
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  const userId = useUserStore((s) => s.userId);
  const partnerType = useUserStore((s) => s.partnerType);
  const partnerId = useUserStore((s) => s.partnerId);
  const productId = useArrivalParams(`/${route}`, ARRIVAL).values.id;
  const creating = config.mode === 'create';
  const key = draftKey(userId, route, creating ? undefined : productId);

  const source = useQuery({
    queryKey: resourceKeys.item('product', productId ?? ''),
    queryFn: () => resourceApi.get('product', productId!),
    enabled: !creating && !!productId,
  });

  const fresh = useCallback(
    (row: Row | undefined): WizardState | null => {
      if (creating)
        return initialState(
          emptyDraft(config.startFamily, partnerType === 'merchant' ? partnerId || null : null),
        );
      if (!row || String(row.id) !== productId) return null;
      return initialState(draftFromProduct(row, { copy: config.mode === 'copy' }));
    },
    [creating, config, partnerType, partnerId, productId],
  );

  const [state, setState] = useState<WizardState | null>(null);
  const [stateKey, setStateKey] = useState('');
  // Set during render: the first render of a product already shows its draft, never the previous one.
  if (stateKey !== key) {
    setStateKey(key);
    const stored = loadDraft(key);
    setState(
      stored
        ? { ...initialState(stored.draft), step: stored.step, restoredAt: stored.savedAt }
        : fresh(source.data),
    );
  } else if (!state && source.data) {
    const next = fresh(source.data);
    if (next) setState(next);
  }

  useEffect(() => {
    if (state?.dirty) saveDraft(key, state.draft, state.step);
  }, [key, state]);

  const family = state?.draft.family ?? null;
  const ranges = useQuery({
    queryKey: productKeys.ranges(family ?? ''),
    queryFn: () => parameterRanges(family!),
    enabled: !!family,
    staleTime: 60_000,
  });

  const ctx: StepContext = useMemo(
    () => ({
      families: familiesOf(config, family),
      merchantRequired: partnerType === 'platform' && config.mode !== 'edit',
      ranges: family ? (ranges.data ?? null) : [],
      labels: {
        parameter: (k) => {
          const range = ranges.data?.find((r) => r.key === k);
          return range ? parameterName(range, language) : k;
        },
        family: (f) => t(`resources.product.values.family.${f}`),
      },
    }),
    [config, family, partnerType, ranges.data, language, t],
  );

  const textOf = useCallback(
    (issue: Issue) =>
      issue.key.startsWith('msg.')
        ? translate(issue.key, language, issue.params)
        : t(issue.key, issue.params),
    [language, t],
  );

  /** What a step shows: its live issues, the rest once attempted, and the server's errors. */
  const messagesOf = useCallback(
    (step: number): StepMessage[] => {
      if (!state) return [];
      const shown = stepIssues(STEPS[step], state.draft, ctx)
        .filter((issue) => issue.live || state.attempted.includes(step))
        .map((issue) => ({ path: issue.path, key: issue.key, text: textOf(issue) }));
      const server = Object.entries(state.serverErrors)
        .filter(([path]) => stepOfPath(path) === step)
        .map(([path, text]) => ({ path, key: 'server', text }));
      return [...server, ...shown];
    },
    [state, ctx, textOf],
  );

  /** Changes the draft; the server's errors of the step being edited are answered by the change. */
  const update = useCallback((change: (draft: ProductDraft) => ProductDraft) => {
    setState(
      (s) =>
        s && {
          ...s,
          draft: change(s.draft),
          dirty: true,
          serverErrors: Object.fromEntries(
            Object.entries(s.serverErrors).filter(([path]) => stepOfPath(path) !== s.step),
          ),
        },
    );
  }, []);

  const refuse = useCallback(
    (step: number) => {
      void message.error(t('productFlow.incomplete'));
      setState((s) => s && { ...s, step, attempted: [...new Set([...s.attempted, step])] });
    },
    [message, t],
  );

  /** Back freely; forward only over complete steps (else to the first incomplete one). */
  const goTo = useCallback(
    (target: number) => {
      if (!state) return;
      if (target > state.step) {
        const bad = firstIncomplete(state.draft, ctx, target);
        if (bad >= 0) return refuse(bad);
      }
      setState((s) => s && { ...s, step: target });
    },
    [state, ctx, refuse],
  );

  const [saving, setSaving] = useState(false);
  const save = useCallback(async () => {
    if (!state) return;
    const bad = firstIncomplete(state.draft, ctx);
    if (bad >= 0) return refuse(bad);
    setSaving(true);
    try {
      const saved =
        config.mode === 'edit'
          ? await resourceApi.update('product', {
              ...withoutUnchangedRecipe(productBody(state.draft, 'update'), source.data),
              id: productId!,
            })
          : await resourceApi.create('product', productBody(state.draft, 'create'));
      clearDraft(key);
      void message.success(t('productFlow.saved', { name: String(saved.name ?? '') }));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('product') });
      // Done with: the flow's tab closes and the list shows the product. (Reset too, in case the
      // same flow is opened again before this view is dropped.)
      setState(config.mode === 'edit' ? initialState(draftFromProduct(saved)) : fresh(source.data));
      tagsViewStore.getState().delView(pathname);
      navigate(PRODUCT_LIST_PATH);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = error.errors.filter((e) => e.field);
      if (fields.length) {
        const serverErrors = Object.fromEntries(fields.map((e) => [e.field!, e.message]));
        setState((s) => s && { ...s, serverErrors, step: stepOfPath(fields[0].field!) });
      }
    } finally {
      setSaving(false);
    }
  }, [
    state,
    ctx,
    refuse,
    config.mode,
    productId,
    key,
    message,
    t,
    queryClient,
    fresh,
    source.data,
    navigate,
    pathname,
  ]);

  /** Forgets the kept draft and starts again from the new product or the stored one. */
  const discard = useCallback(() => {
    clearDraft(key);
    setState(fresh(source.data));
    if (!creating) void source.refetch();
  }, [key, fresh, source, creating]);

  const closeNotice = useCallback(() => setState((s) => s && { ...s, restoredAt: null }), []);

  return {
    config,
    productId,
    state,
    loading: !state && source.isLoading,
    missing: !creating && (!productId || source.isError),
    ctx,
    rangesLoading: !!family && !ranges.data,
    saving,
    messagesOf,
    update,
    goTo,
    save,
    discard,
    closeNotice,
  };
}

export type ProductWizard = ReturnType<typeof useProductWizard>;
