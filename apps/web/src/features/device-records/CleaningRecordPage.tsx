/** Cleaning records (data center): rinses, basic and deep cleanings the machines reported. Read-only. */
import { cleaningRecordResource } from '@brewfleet/contracts/resources/device-records';
import ResourcePage from '../../resources/ResourcePage';

export default function CleaningRecordPage() {
  return <ResourcePage def={cleaningRecordResource} />;
}
