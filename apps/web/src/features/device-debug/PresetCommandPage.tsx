/**
 * Preset commands (`command/preset`): named debugging actions a user sends to machines, each an
 * action name and its arguments as JSON. The arguments show in the list and are edited as JSON.
 */
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { presetCommandResource } from '@brewfleet/contracts/resources/commands';
import type { Row } from '../../api/types';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';
import ResourcePage from '../../resources/ResourcePage';
import JsonArgsInput from './JsonArgsInput';

const RENDERERS = { args: () => <JsonArgsInput /> };
const def = presetCommandResource;

export default function PresetCommandPage() {
  const { t } = useTranslation();
  // JSON fields are left out of lists by default; a command's arguments are short and tell it apart.
  const withArgs = (columns: ColumnsType<Row>): ColumnsType<Row> => {
    const args = {
      key: 'args',
      dataIndex: 'args',
      title: fieldLabel(t, def.name, 'args'),
      ellipsis: true,
      render: (value: unknown) => (
        <CellValue resource={def.name} name="args" field={def.fields.args} value={value} />
      ),
    };
    const at = columns.findIndex((c) => c.key === 'action');
    return at < 0 ? [...columns, args] : [...columns.slice(0, at + 1), args, ...columns.slice(at + 1)];
  };
  return <ResourcePage def={def} renderers={RENDERERS} adjustColumns={withArgs} />;
}
