/** Fault log (data center): faults the machines raised and when they cleared. Read-only. */
import { faultLogResource } from '@brewfleet/contracts/resources/device-records';
import ResourcePage from '../../resources/ResourcePage';

export default function FaultLogPage() {
  return <ResourcePage def={faultLogResource} />;
}
