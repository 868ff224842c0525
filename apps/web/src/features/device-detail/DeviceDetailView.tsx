/**
 * A machine's detail page (`/device-detail?id=` and `/device-detailautomatic?id=`): its status and
 * registry, today's cups, maintenance, faults, channels and recent records from
 * `GET /api/coffee/device/detail`, kept live by the machines' stream. The two pages share every
 * section; `automation` decides the order and the production columns (detail-layout.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Empty, Result, Row, Skeleton } from 'antd';
import { Button } from '../../components/Button';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DeviceAutomation } from '@brewfleet/contracts/enums';
import { deviceApi, deviceKeys } from '../../api/device-api';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { detailPath } from '../device/device-links';
import { useDeviceLive } from '../device/use-device-live';
import ChannelsCard from './ChannelsCard';
import DebugDialog from './DebugDialog';
import { DETAIL_SECTIONS, type Section } from './detail-layout';
import { CleaningsCard, CommandsCard, FaultsCard, ProductionCard } from './RecordsCards';
import StatusCard from './StatusCard';
import DriftCard from '../drift/DriftCard';
import { FaultStatsCard, MaintenanceCard, TodayCard } from './SummaryCards';
import '../device/device.css';
import './device-detail.css';

const ARRIVAL = ['id'] as const;
const NO_IDS: string[] = [];

export default function DeviceDetailView({
  automation,
  path,
}: {
  automation: DeviceAutomation;
  path: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The last machine this page was opened for: a tab reopens it by its bare path.
  const id = useArrivalParams(path, ARRIVAL).values.id;
  const detail = useQuery({
    queryKey: deviceKeys.detail(id ?? ''),
    queryFn: () => deviceApi.detail(id!),
    enabled: !!id,
  });
  const live = useDeviceLive(id ? [id] : NO_IDS);
  const [debugging, setDebugging] = useState(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(id ?? '') }),
    [queryClient, id],
  );

  if (!id)
    return (
      <Result
        status="info"
        title={t('deviceDetail.noMachine')}
        extra={
          <Button type="primary" onClick={() => navigate('/device-list')}>
            {t('deviceDetail.toList')}
          </Button>
        }
      />
    );
  if (detail.isLoading) return <Skeleton active className="page-card" />;
  if (!detail.data) return <Empty description={t('deviceDetail.notFound')} />;

  const data = detail.data;
  const device = data.device;
  const name = String(device.name ?? id);
  const section: Record<Section, ReactNode> = {
    today: <TodayCard today={data.today} />,
    maintenance: <MaintenanceCard maintenance={data.maintenance} />,
    faultStats: <FaultStatsCard stats={data.faultStats} />,
    channels: <ChannelsCard deviceId={id} channels={data.channels} />,
    production: <ProductionCard rows={data.production} automation={automation} />,
    faults: <FaultsCard rows={data.faults} />,
    cleanings: <CleaningsCard rows={data.cleanings} />,
    commands: <CommandsCard rows={data.commands} />,
  };
  const other = device.automation && device.automation !== automation ? String(device.automation) : null;

  return (
    <div className="device-detail" data-automation={automation}>
      {other && (
        <p className="device-detail-other">
          <Link to={detailPath({ id, automation: other })}>{t('deviceDetail.otherView')}</Link>
        </p>
      )}
      <StatusCard detail={data} live={live} onIssued={refresh} onDebug={() => setDebugging(true)} />
      <Row gutter={[16, 16]}>
        {DETAIL_SECTIONS[automation].map(([key, width]) => (
          <Col key={key} xs={24} xl={width === 'full' ? 24 : 12}>
            {section[key]}
          </Col>
        ))}
      </Row>
      <DriftCard deviceId={id} family={device.family} />
      <DebugDialog
        machines={
          debugging ? [{ id, name, family: device.family == null ? null : String(device.family) }] : null
        }
        onClose={() => setDebugging(false)}
        onIssued={refresh}
      />
    </div>
  );
}
