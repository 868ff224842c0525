/** Device models (platform catalog): a type by a manufacturer, with its maintenance intervals in cups. */
import { deviceModelResource } from '@brewfleet/contracts/resources/device-model';
import ResourcePage from '../../resources/ResourcePage';

export default function DeviceModelPage() {
  return <ResourcePage def={deviceModelResource} />;
}
