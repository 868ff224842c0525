/** The search form of a resource: one control per `search` field. */
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { fieldLabel, searchEntries } from './field-meta';
import FieldInput from './FieldInput';

interface Props {
  def: ResourceDef;
  /** Fields another control already filters (e.g. the organization tree sets parentId). */
  hidden?: string[];
  onSearch: (values: Record<string, unknown>) => void;
}

export default function SearchForm({ def, hidden = [], onSearch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const entries = searchEntries(def).filter(([key]) => !hidden.includes(key));
  if (!entries.length) return null;

  return (
    <Form
      form={form}
      name={`${def.name}-search`}
      layout="inline"
      className="resource-search"
      onFinish={onSearch}
      role="search"
    >
      {entries.map(([key, field]) => (
        <Form.Item key={key} name={key} label={fieldLabel(t, def.name, key)}>
          <FieldInput resource={def.name} name={key} field={field} purpose="search" />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
