/**
 * Code rules (`produce/name/rule`): how new product codes are made — prefix, a running number of so
 * many digits, suffix. The form previews the next code as it is typed; the list shows each rule's.
 * The product flow's "generate" button takes the next code of a rule from the server.
 */
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { codeRuleResource } from '@brewfleet/contracts/resources/catalog';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { previewCode } from './code-preview';
import CodePreviewInput from './CodePreviewInput';
import './catalog.css';

const RENDERERS = { nextNumber: () => <CodePreviewInput /> };

export default function CodeRulePage() {
  const { t } = useTranslation();
  const withPreview = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> => [
      ...columns,
      {
        key: 'preview',
        title: t('catalogPages.nextCode'),
        render: (_: unknown, row: Row) => (
          <code>
            {previewCode({
              prefix: row.prefix,
              suffix: row.suffix,
              digits: row.digits,
              nextNumber: row.nextNumber,
            })}
          </code>
        ),
      },
    ],
    [t],
  );
  return <ResourcePage def={codeRuleResource} renderers={RENDERERS} adjustColumns={withPreview} />;
}
