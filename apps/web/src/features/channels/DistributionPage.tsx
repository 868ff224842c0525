/**
 * Channel distribution (`chargingBasket/bind`): choose a configuration, see its channels, choose
 * machines, and replace each machine's channels by the configuration's after a confirmation. Opened
 * from a configuration row (`?configName=`), that configuration starts chosen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Empty, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import { resourceKeys } from '../../resources/use-ref-options';
import {
  distributeConfig,
  fetchConfigChannels,
  fetchConfigNames,
  type DistributeResult,
} from './channel-api';
import ConfigChannelsPreview from './ConfigChannelsPreview';
import MachinePicker from './MachinePicker';
import { configChannelsKey, configNamesKey } from './query-keys';
import '../../resources/resource-page.css';
import { Button } from '../../components/Button';
import './distribution.css';

const PATH = '/chargingBasket-bind';
const ARRIVAL_PARAMS = ['configName'] as const;

export default function DistributionPage() {
  const { t } = useTranslation();
  const can = useHasPermission();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [configName, setConfigName] = useState<string | undefined>();
  const [deviceIds, setDeviceIds] = useState<string[]>([]);
  const [result, setResult] = useState<(DistributeResult & { configName: string }) | null>(null);

  // A configuration row's "Distribute" opens this page with its name chosen (set during render,
  // as the arrival changes, so the page never shows the previous choice first).
  const arrival = useArrivalParams(PATH, ARRIVAL_PARAMS);
  const [arrivedFor, setArrivedFor] = useState('');
  if (arrival.key && arrival.key !== arrivedFor) {
    setArrivedFor(arrival.key);
    setConfigName(arrival.values.configName);
  }

  const names = useQuery({ queryKey: configNamesKey, queryFn: fetchConfigNames });
  const channels = useQuery({
    queryKey: configChannelsKey(configName ?? ''),
    queryFn: () => fetchConfigChannels(configName!),
    enabled: !!configName,
  });
  const channelRows = configName ? (channels.data ?? []) : [];

  const missing = !configName
    ? t('channelDistribution.needConfig')
    : !deviceIds.length
      ? t('channelDistribution.needMachines')
      : null;

  const distribute = () =>
    modal.confirm({
      title: t('channelDistribution.confirmTitle', { name: configName }),
      content: t('channelDistribution.confirmText', {
        count: deviceIds.length,
        channels: channelRows.length,
      }),
      okText: t('channelDistribution.distribute'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const done = await distributeConfig({ configName: configName!, deviceIds });
          setResult({ ...done, configName: configName! });
          setDeviceIds([]);
          void message.success(t('channelDistribution.done', { ...done, name: configName }));
          // The machines' channels changed, and with them their shortage flags.
          await queryClient.invalidateQueries({ queryKey: resourceKeys.all('device-channel') });
          await queryClient.invalidateQueries({ queryKey: resourceKeys.all('device') });
        } catch {
          // toasted by the client; the dialog closes and the choice stays for another try
        }
      },
    });

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('channelDistribution.title')}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{t('channelDistribution.intro')}</Typography.Paragraph>

      <Typography.Title level={3} className="distribution-step">
        {t('channelDistribution.configStep')}
      </Typography.Title>
      {names.data && !names.data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channelDistribution.noConfigs')} />
      ) : (
        <Form layout="vertical" className="distribution-config">
          <Form.Item label={t('channelDistribution.configName')} htmlFor="distribution-config-name">
            <Select
              id="distribution-config-name"
              value={configName}
              onChange={(name: string | undefined) => setConfigName(name)}
              allowClear
              showSearch
              loading={names.isLoading}
              placeholder={t('channelDistribution.choose')}
              options={(names.data ?? []).map((name) => ({ value: name, label: name }))}
            />
          </Form.Item>
        </Form>
      )}
      {configName && <ConfigChannelsPreview rows={channelRows} loading={channels.isFetching} />}

      <Typography.Title level={3} className="distribution-step">
        {t('channelDistribution.machinesStep')}
      </Typography.Title>
      <MachinePicker selected={deviceIds} onChange={setDeviceIds} />

      <Space wrap className="distribution-footer">
        <Typography.Text strong data-testid="distribution-count">
          {t('channelDistribution.selectedCount', { count: deviceIds.length })}
        </Typography.Text>
        <Button onClick={() => setDeviceIds([])} disabled={!deviceIds.length}>
          {t('channelDistribution.clearSelection')}
        </Button>
        {can(P.channelConfig.distribute) && (
          <Button
            type="primary"
            onClick={distribute}
            disabled={!!missing || !channelRows.length}
            data-testid="distribute"
          >
            {t('channelDistribution.distribute')}
          </Button>
        )}
        {missing && <Typography.Text type="secondary">{missing}</Typography.Text>}
      </Space>
      {result && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setResult(null)}
          className="distribution-result"
          data-testid="distribution-result"
          title={t('channelDistribution.done', { ...result, name: result.configName })}
        />
      )}
    </Card>
  );
}
