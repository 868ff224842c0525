/** The two detail routes of spec §2: one view, arranged for semi-automatic or automatic machines. */
import DeviceDetailView from './DeviceDetailView';

export function SemiAutomaticDetailPage() {
  return <DeviceDetailView automation="semi-automatic" path="/device-detail" />;
}

export function AutomaticDetailPage() {
  return <DeviceDetailView automation="automatic" path="/device-detailautomatic" />;
}
