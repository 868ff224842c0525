/**
 * Uber (the merchant's Uber Eats application) and Listing changes: the generic pages of their
 * resources with a line that says what they are for. The client secret is the resource's secret
 * field: sealed by the server, shown only with the reveal code.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { deliveryListingChangeResource, uberAccountResource } from '@brewfleet/contracts/resources/delivery';
import ResourcePage from '../../resources/ResourcePage';

function HintedPage({ def, hint }: { def: ResourceDef; hint: string }) {
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

export const UberAccountPage = () => <HintedPage def={uberAccountResource} hint="delivery.hints.uber" />;

export const ListingChangesPage = () => (
  <HintedPage def={deliveryListingChangeResource} hint="delivery.hints.listingLog" />
);
