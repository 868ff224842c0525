/**
 * The mark of a row the viewer inherits rather than owns (a sub-merchant's view of its parent's
 * catalog: the server answers `inherited` and `ownerName`). Such a row offers no edit or delete.
 */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../api/types';

export const isInherited = (row: Row | undefined): boolean => row?.inherited === true;

export default function InheritedTag({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!isInherited(row)) return null;
  const owner = String(row.ownerName ?? '');
  return (
    <Tooltip title={t('catalogPages.inheritedHint', { owner })}>
      <Tag color="purple" className="inherited-tag" data-testid="inherited-tag">
        {t('catalogPages.inheritedFrom', { owner })}
      </Tag>
    </Tooltip>
  );
}
