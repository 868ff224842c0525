/** Channel types (`chargingBasket/type`): the kinds of hopper or pump a channel can be. Platform catalog. */
import { channelTypeResource } from '@brewfleet/contracts/resources/channels';
import ResourcePage from '../../resources/ResourcePage';

export default function ChannelTypePage() {
  return <ResourcePage def={channelTypeResource} />;
}
