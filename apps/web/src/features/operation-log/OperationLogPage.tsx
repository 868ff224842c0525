/** The operation log: listable and exportable, never editable (the definition disables the rest). */
import { operationLogResource } from '@brewfleet/contracts/resources/operation-log';
import ResourcePage from '../../resources/ResourcePage';

export default function OperationLogPage() {
  return <ResourcePage def={operationLogResource} />;
}
