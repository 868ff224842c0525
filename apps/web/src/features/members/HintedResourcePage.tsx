/**
 * Points Rules, App Banner and App settings: the generic pages of their resources with a line that
 * says how the settings work (what a rule earns, where a banner shows and which links it takes, how
 * a bad cup is made good). A banner's link is checked by the server (EXTERNAL_LINK_PATTERN): its
 * message, in the user's language, lands on the field in the form.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { appBannerResource, appSettingResource } from '@brewfleet/contracts/resources/app';
import { pointsRuleResource } from '@brewfleet/contracts/resources/member';
import ResourcePage from '../../resources/ResourcePage';

function HintedResourcePage({ def, hint }: { def: ResourceDef; hint: string }) {
  const { t } = useTranslation();
  return (
    <ResourcePage
      def={def}
      header={
        <Typography.Paragraph type="secondary" data-testid="page-hint">
          {t(hint)}
        </Typography.Paragraph>
      }
    />
  );
}

export function PointsRulesPage() {
  return <HintedResourcePage def={pointsRuleResource} hint="members.hints.pointsRule" />;
}

export function AppBannerPage() {
  return <HintedResourcePage def={appBannerResource} hint="members.hints.appBanner" />;
}

export function AppSettingsPage() {
  return <HintedResourcePage def={appSettingResource} hint="members.hints.appSetting" />;
}
