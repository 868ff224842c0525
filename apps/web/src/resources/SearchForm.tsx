/**
 * The search form of a resource: one control per `search` field. Collapsed it is one row: as many
 * filters as fit beside the buttons, the rest behind "More filters" (they keep their values).
 */
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { fieldLabel, searchEntries } from './field-meta';
import FieldInput from './FieldInput';
import { useFiltersPerRow } from './use-filters-per-row';
import { Button } from '../components/Button';

interface Props {
  def: ResourceDef;
  /** Fields another control already filters (e.g. the organization tree sets parentId). */
  hidden?: string[];
  onSearch: (values: Record<string, unknown>) => void;
}

export default function SearchForm({ def, hidden = [], onSearch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const [ref, perRow] = useFiltersPerRow();
  const entries = searchEntries(def).filter(([key]) => !hidden.includes(key));
  if (!entries.length) return null;
  // The buttons take one cell of the first row.
  const shown = expanded ? entries.length : Math.max(1, perRow - 1);
  const folds = entries.length > Math.max(1, perRow - 1);

  return (
    <div ref={ref}>
      <Form
        form={form}
        name={`${def.name}-search`}
        className="resource-search"
        style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
        onFinish={onSearch}
        role="search"
      >
        {entries.map(([key, field], index) => (
          <Form.Item key={key} name={key} label={fieldLabel(t, def.name, key)} hidden={index >= shown}>
            <FieldInput resource={def.name} name={key} field={field} purpose="search" />
          </Form.Item>
        ))}
        <Form.Item className="resource-search-buttons">
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
            {folds && (
              <Button
                type="link"
                icon={expanded ? <UpOutlined /> : <DownOutlined />}
                iconPlacement="end"
                aria-expanded={expanded}
                onClick={() => setExpanded((e) => !e)}
                data-testid="search-more"
                guardMs={0}
              >
                {expanded ? t('common.fewerFilters') : t('common.moreFilters')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
