/**
 * The machine detail's "Extraction drift" card: the machine's metrics that are drifting or on watch
 * (from the last scan), or a word that all is normal, and a link to the evidence on the drift page.
 * Shown to users with the drift permission, for coffee machines only (the only ones with extraction data).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { useHasPermission } from '../../app/stores/permission-store';
import { formatDateTime } from '../../utils/format';
import { driftEvidencePath, driftKeys, fetchDriftList } from './drift-api';
import { driftRows } from './drift-rows';
import './drift-card.css';

export default function DriftCard({ deviceId, family }: { deviceId: string; family: unknown }) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const shown = can(P.stats.drift) && family === 'coffee';
  const body = { deviceId, limit: 20 };
  const findings = useQuery({
    queryKey: driftKeys.list(body),
    queryFn: () => fetchDriftList(body),
    enabled: shown,
  });
  if (!shown) return null;
  const all = findings.data?.list ?? [];
  const flagged = driftRows(
    t,
    all.filter((f) => f.state !== 'normal'),
  );
  const measured = all.some((f) => f.baselineN > 0 || f.n > 0);
  return (
    <Card
      size="small"
      data-testid="detail-drift"
      style={{ marginTop: 16 }}
      title={
        <Typography.Title level={3} className="detail-section-title">
          {t('drift.card.title')}
        </Typography.Title>
      }
      extra={<Link to={driftEvidencePath(deviceId)}>{t('drift.card.evidence')}</Link>}
      loading={findings.isLoading}
    >
      {flagged.length ? (
        <ul className="drift-card-list">
          {flagged.map((r) => (
            <li key={r.key} data-testid="detail-drift-finding">
              <Space wrap size={6}>
                <Tag color={r.color}>{r.stateLabel}</Tag>
                <Typography.Text strong>{r.metricLabel}</Typography.Text>
                <Typography.Text type="secondary">
                  {r.recent} · {t('drift.columns.baseline')} {r.baseline} · z {r.z}
                  {r.since ? ` · ${t('drift.columns.since')} ${formatDateTime(r.since)}` : ''}
                </Typography.Text>
              </Space>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">
          {t(measured ? 'drift.card.normal' : 'drift.card.noData')}
        </Typography.Text>
      )}
    </Card>
  );
}
