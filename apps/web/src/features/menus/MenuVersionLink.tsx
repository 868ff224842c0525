/**
 * A menu version as a machine reports or was assigned it, linked to the release of that version
 * (its progress on the distribution screen) when the user can see it.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { releaseProgressPath } from './menu-links';
import { useReleaseOfVersion } from './use-releases';

export default function MenuVersionLink({ version, merchantId }: { version: unknown; merchantId?: unknown }) {
  const { t } = useTranslation();
  const release = useReleaseOfVersion(version, merchantId);
  if (typeof version !== 'string' || !version)
    return <Typography.Text type="secondary">{t('machineMenus.noVersion')}</Typography.Text>;
  return release.data ? (
    <Link to={releaseProgressPath(release.data.id)} data-version={version}>
      {version}
    </Link>
  ) : (
    <span data-version={version}>{version}</span>
  );
}
