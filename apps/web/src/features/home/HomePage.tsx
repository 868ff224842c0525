/**
 * The homepage: what each kind of user needs first, from data that exists. Everyone sees who they are
 * and their previous sign-in, the business they run at a glance (BusinessCards: machines, cups,
 * revenue, faults, channels, as far as they may see them), the screens they may open, and the latest
 * operations they may see; platform and merchant administrators also see the counts of what they manage.
 */
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, List, Row as GridRow, Statistic, Tag, Typography } from 'antd';
import { ListLine } from './ListLine';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { fetchHomeSummary } from '../../api/access-api';
import type { MenuNode } from '../../api/types';
import { pickName } from '../../app/i18n';
import { menuIcon } from '../../app/layout/menu-icons';
import { menuNames, menuPath } from '../../app/routing/menu-routes';
import { useAppStore } from '../../app/stores/app-store';
import { useHasPermission, usePermissionStore } from '../../app/stores/permission-store';
import { useUserStore } from '../../app/stores/user-store';
import { formatDateTime } from '../../utils/format';
import { actionLabel } from '../operation-log/action-label';
import { Button } from '../../components/Button';
import BusinessCards from './BusinessCards';
import { fetchHomeBusiness } from './home-api';
import './home.css';

const COUNTS: Array<{
  key: 'accounts' | 'roles' | 'organizations' | 'menus';
  permission: string;
  path: string;
}> = [
  { key: 'accounts', permission: P.account.list, path: '/account-list' },
  { key: 'roles', permission: P.role.list, path: '/role-list' },
  { key: 'organizations', permission: P.organization.list, path: '/organization-list' },
  { key: 'menus', permission: P.menu.list, path: '/menu-list' },
];

/** The pages of the nav tree, in menu order, without the homepage itself. */
function pages(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => {
    const path = menuPath(n);
    const own = path && path !== '/home' && n.type === 1 ? [n] : [];
    return [...own, ...pages(n.menuList ?? [])];
  });
}

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const language = useAppStore((s) => s.language);
  const user = useUserStore((s) => s);
  const menus = usePermissionStore((s) => s.menus);
  const summary = useQuery({ queryKey: ['home', 'summary'], queryFn: fetchHomeSummary });
  const business = useQuery({ queryKey: ['home', 'business'], queryFn: fetchHomeBusiness });
  const links = useMemo(() => pages(menus), [menus]);
  const partnerType = user.partnerType || 'platform';
  const counts = COUNTS.filter((c) => can(c.permission));
  const data = summary.data;

  return (
    <div className="home-page">
      <Card className="page-card">
        <div className="home-greeting">
          <Avatar size={56} src={user.partnerIcon || undefined} alt="">
            {(user.name || user.account || '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={1} className="home-title">
              {t('home.greeting', { name: user.name || user.account })}
            </Typography.Title>
            <Typography.Paragraph className="home-subtitle">
              {t(`home.partner.${partnerType}`, { partner: user.partnerName })}{' '}
              <Tag>{t(`resources.account.values.partnerType.${partnerType}`)}</Tag>
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {data?.previousLoginAt
                ? t('home.lastLogin', { time: formatDateTime(data.previousLoginAt) })
                : data
                  ? t('home.firstLogin')
                  : ''}
            </Typography.Text>
          </div>
        </div>
      </Card>

      {business.data && <BusinessCards data={business.data} />}

      {counts.length > 0 && (
        <Card
          className="page-card"
          title={
            <Typography.Title level={2} className="home-section">
              {t('home.overview')}
            </Typography.Title>
          }
        >
          <GridRow gutter={[16, 16]}>
            {counts.map((c) => (
              <Col key={c.key} xs={12} md={6}>
                <Link to={c.path} className="home-stat">
                  {/* The title stays while the count loads: the link always has a name (axe's link-name). */}
                  <Statistic
                    title={t(`home.counts.${c.key}`)}
                    value={data?.[c.key] ?? 0}
                    loading={summary.isLoading}
                  />
                </Link>
              </Col>
            ))}
          </GridRow>
        </Card>
      )}

      <GridRow gutter={16}>
        <Col xs={24} lg={10}>
          <Card
            className="page-card"
            title={
              <Typography.Title level={2} className="home-section">
                {t('home.quickLinks')}
              </Typography.Title>
            }
          >
            {links.length ? (
              <div className="home-links">
                {links.map((node) => (
                  <Button
                    key={node.id}
                    icon={menuIcon(node.icon, false)}
                    onClick={() => navigate(menuPath(node)!)}
                    guardMs={0}
                  >
                    {pickName(menuNames(node), language)}
                  </Button>
                ))}
              </div>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            className="page-card"
            title={
              <Typography.Title level={2} className="home-section">
                {t('home.recentOperations')}
              </Typography.Title>
            }
            extra={
              can(P.operationLog.list) ? <Link to="/operation-log-list">{t('home.viewAll')}</Link> : null
            }
          >
            <List
              loading={summary.isLoading}
              dataSource={data?.recentOperations ?? []}
              locale={{ emptyText: t('home.noOperations') }}
              renderItem={(op) => (
                <List.Item>
                  <ListLine
                    title={
                      <>
                        {actionLabel(String(op.action ?? ''), language)}{' '}
                        <Tag color={op.outcome === 'success' ? '#237804' : '#a8071a'}>
                          {t(`resources.operation-log.values.outcome.${String(op.outcome ?? 'success')}`)}
                        </Tag>
                      </>
                    }
                    description={`${String(op.account ?? '')} · ${formatDateTime(op.createdAt)}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </GridRow>
    </div>
  );
}
