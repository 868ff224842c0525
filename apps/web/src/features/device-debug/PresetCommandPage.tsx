/**
 * Preset commands (`command/preset`): named debugging actions a user sends to machines, each an
 * action name and its arguments as JSON. The arguments are edited as JSON (their list column is
 * the definition's).
 */
import { presetCommandResource } from '@brewfleet/contracts/resources/commands';
import ResourcePage from '../../resources/ResourcePage';
import JsonArgsInput from './JsonArgsInput';

const RENDERERS = { args: () => <JsonArgsInput /> };

export default function PresetCommandPage() {
  return <ResourcePage def={presetCommandResource} renderers={RENDERERS} />;
}
