/** Device types (platform catalog): a machine family, fully automatic or semi-automatic. */
import { deviceTypeResource } from '@brewfleet/contracts/resources/device-type';
import ResourcePage from '../../resources/ResourcePage';

export default function DeviceTypePage() {
  return <ResourcePage def={deviceTypeResource} />;
}
