/**
 * Device list (spec §3): the generic resource screen for machines, with the six counters that
 * filter it, status tags, bulk remote operations, device debugging (a preset command), binding and
 * new secrets for the selected rows (the secrets offered once as a CSV file: how imported machines
 * get theirs), a new machine secret for a row (shown once, as after creating a machine), links to
 * each machine's detail page, log and channels, and live state from the machines' stream. Opened as
 * `/device-list?merchantId=…&condition=offline` it starts narrowed (merchant machines links here).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEVICE_CONDITIONS, type DeviceCondition } from '@brewfleet/contracts/enums';
import { P } from '@brewfleet/contracts/permissions';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import { deviceApi, deviceKeys } from '../../api/device-api';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import { useRefOptions } from '../../resources/use-ref-options';
import DebugDialog, { type DebugMachine } from '../device-detail/DebugDialog';
import BindDialog, { type BindTarget } from './BindDialog';
import CommandPanel, { LiveBadge } from './CommandPanel';
import DeviceCounters from './DeviceCounters';
import { channelsPath, detailPath, journalPath } from './device-links';
import { CONDITION_FILTERS } from './device-status';
import DeviceStatusTags from './DeviceStatusTags';
import RemoteOperations from './RemoteOperations';
import SecretOnceDialog, { type OnceSecret } from './SecretOnceDialog';
import SecretsOnceDialog from './SecretsOnceDialog';
import { useDeviceLive } from './use-device-live';
import './device.css';
import SelectedNames from './SelectedNames';
import { Button } from '../../components/Button';

const PATH = '/device-list';
const ARRIVAL = ['merchantId', 'storeId', 'condition'] as const;
/** Flags shown together as the status tags rather than as columns of their own; the counters filter by them. */
const CONDITION_FLAGS = ['online', 'locked', 'alarm', 'materialShortage', 'maintenanceDue'];
/**
 * Left out of the table to keep it readable: the status tags, and what the detail page shows. The
 * location is a free address of up to 255 characters (it stays a search field); the code, short and
 * what people know a machine by, is a column.
 */
const NOT_COLUMNS = new Set([...CONDITION_FLAGS, 'menuStatus', 'location']);

const asCondition = (value: string | undefined): DeviceCondition =>
  (DEVICE_CONDITIONS as readonly string[]).includes(value ?? '') ? (value as DeviceCondition) : 'all';

interface Scope {
  key: string;
  merchantId?: string;
  storeId?: string;
  condition: DeviceCondition;
}

export default function DeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const { modal } = App.useApp();
  const arrival = useArrivalParams(PATH, ARRIVAL);
  const [scope, setScope] = useState<Scope>({ key: '', condition: 'all' });
  // Opening the page with parameters (a merchant machines link) replaces the narrowing.
  if (scope.key !== arrival.key) {
    const { merchantId, storeId, condition } = arrival.values;
    setScope({ key: arrival.key, merchantId, storeId, condition: asCondition(condition) });
  }
  const [searchFilters, setSearchFilters] = useState<Record<string, unknown>>({});
  const [rows, setRows] = useState<Row[]>([]);
  const [bindTarget, setBindTarget] = useState<BindTarget | null>(null);
  const [secret, setSecret] = useState<OnceSecret | null>(null);
  const [secrets, setSecrets] = useState<OnceSecret[] | null>(null);
  const [debugging, setDebugging] = useState<{ machines: DebugMachine[]; done: () => void } | null>(null);
  // Every machine listed so far: a selection may outlive the page it was made on, and the debugging
  // dialog needs the family of each selected machine to offer only the presets they all take.
  const [known, setKnown] = useState<Record<string, DebugMachine>>({});
  const onRowsChange = useCallback((list: Row[]) => {
    setRows(list);
    setKnown((before) => ({
      ...before,
      ...Object.fromEntries(
        list.map((r) => [
          String(r.id),
          {
            id: String(r.id),
            name: String(r.name ?? r.id),
            family: r.family == null ? null : String(r.family),
          },
        ]),
      ),
    }));
  }, []);

  const owner = useMemo(
    () => ({
      ...(scope.merchantId ? { merchantId: scope.merchantId } : {}),
      ...(scope.storeId ? { storeId: scope.storeId } : {}),
    }),
    [scope.merchantId, scope.storeId],
  );
  const fixedFilters = useMemo(
    () => ({ ...owner, ...CONDITION_FILTERS[scope.condition] }),
    [owner, scope.condition],
  );
  const countersBody = useMemo(() => ({ ...searchFilters, ...owner }), [searchFilters, owner]);
  const counters = useQuery({
    queryKey: deviceKeys.counters(countersBody),
    queryFn: () => deviceApi.counters(countersBody),
    placeholderData: keepPreviousData,
  });

  const ids = useMemo(() => rows.map((r) => String(r.id)), [rows]);
  const live = useDeviceLive(ids);
  const names = useMemo(
    () => Object.fromEntries(rows.map((r) => [String(r.id), String(r.name ?? r.id)])),
    [rows],
  );
  const merchants = useRefOptions('merchant', !!scope.merchantId);
  const merchantName = merchants.data?.find((o) => o.value === scope.merchantId)?.label ?? scope.merchantId;

  const rotateSecret = useCallback(
    (row: Row) =>
      modal.confirm({
        title: t('devices.secret.rotateTitle', { name: String(row.name ?? '') }),
        content: t('devices.secret.rotateHint'),
        okText: t('devices.secret.rotate'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            const answer = await deviceApi.credentials(row.id);
            setSecret({ serialNumber: answer.serialNumber, secret: answer.secret });
          } catch {
            // toasted by the client
          }
        },
      }),
    [modal, t],
  );

  // For the selected machines at once (a batch just imported: their secrets were never shown).
  const rotateSecrets = useCallback(
    (selected: string[], clearSelection: () => void) => {
      const listed = selected.map((id) => names[id]).filter(Boolean);
      modal.confirm({
        title: t('devices.bulkSecrets.confirmTitle', { count: selected.length }),
        content: (
          <>
            <SelectedNames names={listed} />
            <p>{t('devices.bulkSecrets.confirmHint')}</p>
          </>
        ),
        okText: t('devices.bulkSecrets.action'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            const answer = await deviceApi.credentialsBulk(selected);
            setSecrets(answer.machines.map(({ serialNumber, secret }) => ({ serialNumber, secret })));
            clearSelection();
          } catch {
            // toasted by the client
          }
        },
      });
    },
    [modal, names, t],
  );

  const rowActions: RowAction[] = [
    // The machine's name opens its detail page.
    {
      key: 'journal',
      label: t('devices.links.journal'),
      permission: P.deviceLog.list,
      onClick: (row) => navigate(journalPath(row.id)),
    },
    {
      key: 'channels',
      label: t('devices.links.channels'),
      permission: P.deviceChannel.list,
      onClick: (row) => navigate(channelsPath(row.id)),
    },
    {
      key: 'bind',
      label: t('devices.bind.action'),
      permission: P.device.bind,
      more: true,
      onClick: (row) =>
        setBindTarget({
          ids: [row.id],
          merchantId: row.merchantId as string,
          storeId: row.storeId as string,
        }),
    },
    {
      key: 'secret',
      label: t('devices.secret.rotate'),
      permission: P.device.credentials,
      more: true,
      onClick: rotateSecret,
    },
  ];

  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> => {
      const kept = columns
        .filter((c) => !NOT_COLUMNS.has(String(c.key)))
        .map((c) =>
          c.key === 'name'
            ? {
                ...c,
                render: (value: unknown, row: Row) => (
                  <Link to={detailPath(row)}>{String(value ?? row.id)}</Link>
                ),
              }
            : c,
        );
      const status = {
        key: 'status',
        title: t('devices.status.column'),
        render: (_: unknown, row: Row) => <DeviceStatusTags device={row} />,
      };
      const at = kept.findIndex((c) => c.key === 'serialNumber') + 1;
      return [...kept.slice(0, at), status, ...kept.slice(at)];
    },
    [t],
  );

  const header = (
    <>
      <DeviceCounters
        counters={counters.data}
        loading={counters.isFetching}
        active={scope.condition}
        onChange={(condition) => setScope((s) => ({ ...s, condition }))}
      />
      {(scope.merchantId || scope.storeId) && (
        <div className="device-scope">
          <Tag>{t('devices.scope.merchant', { name: merchantName })}</Tag>
          <Button
            size="small"
            type="link"
            onClick={() => setScope((s) => ({ ...s, merchantId: undefined, storeId: undefined }))}
          >
            {t('devices.scope.clear')}
          </Button>
        </div>
      )}
      <div className="device-scope">
        <LiveBadge status={live} />
      </div>
    </>
  );

  return (
    <>
      <ResourcePage
        def={deviceResource}
        fixedFilters={fixedFilters}
        hiddenSearch={CONDITION_FLAGS}
        wide
        header={header}
        rowActions={rowActions}
        adjustColumns={adjustColumns}
        onRowsChange={onRowsChange}
        onFiltersChange={setSearchFilters}
        onCreated={(row) => {
          if (typeof row.secret === 'string')
            setSecret({ serialNumber: String(row.serialNumber ?? ''), secret: row.secret });
        }}
        bulkActions={(selected, clearSelection) => (
          <>
            <RemoteOperations ids={selected} names={names} size="small" onIssued={clearSelection} />
            {can(P.device.debug) && (
              <Button
                size="small"
                onClick={() =>
                  setDebugging({
                    // A machine not seen in a list has no known family: it gets the presets of none.
                    machines: selected.map((id) => known[id] ?? { id, name: id }),
                    done: clearSelection,
                  })
                }
                data-testid="bulk-debug"
              >
                {t('deviceDetail.debug.open')}
              </Button>
            )}
            {can(P.device.bind) && (
              <Button size="small" onClick={() => setBindTarget({ ids: selected })}>
                {t('devices.bind.action')}
              </Button>
            )}
            {can(P.device.credentials) && (
              <Button
                size="small"
                danger
                onClick={() => rotateSecrets(selected, clearSelection)}
                data-testid="bulk-secrets"
              >
                {t('devices.bulkSecrets.action')}
              </Button>
            )}
          </>
        )}
      />
      <CommandPanel />
      <BindDialog target={bindTarget} onClose={() => setBindTarget(null)} />
      <SecretOnceDialog value={secret} onClose={() => setSecret(null)} />
      <SecretsOnceDialog value={secrets} onClose={() => setSecrets(null)} />
      <DebugDialog
        machines={debugging?.machines ?? null}
        onClose={() => setDebugging(null)}
        onIssued={() => debugging?.done()}
      />
    </>
  );
}
