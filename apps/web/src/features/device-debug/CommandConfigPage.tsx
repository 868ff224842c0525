/**
 * Command configuration (`command/config`): one seeded row per command type saying how long a command
 * stays valid and how often and how far apart delivery is retried. Rows are only edited: the types
 * are fixed by the device protocol (the definition disables create and delete).
 */
import { commandConfigResource } from '@brewfleet/contracts/resources/commands';
import type { FormShape } from '../../resources/form-def';
import ResourcePage from '../../resources/ResourcePage';

const FORM: FormShape = {
  fields: ['expirySeconds', 'maxAttempts', 'retryIntervalSeconds', 'description'],
};

export default function CommandConfigPage() {
  return <ResourcePage def={commandConfigResource} form={FORM} />;
}
