/**
 * Authorize a role: tick the pages and buttons it grants in the menu tree. The saved list holds the
 * ticked menus and their directories (half-ticked), so the nav tree can show the path to each page.
 * A search (any of the three names, address or permission code) opens the tree down to the menus it
 * finds and marks them; the tree itself stays whole, so ticks of menus out of view are kept.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Modal, Spin, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizeRole, fetchGrantableMenuTree } from '../../api/access-api';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { useAppStore } from '../../app/stores/app-store';
import { filterMenus } from '../menu/menu-filter';
import MenuSearch from '../menu/MenuSearch';
import { allKeys, parentKeys, toTreeData } from './menu-tree';

type Key = string | number | bigint;

export default function AuthorizeDialog({
  role,
  onClose,
  onSaved,
}: {
  role: Row | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const { message } = App.useApp();
  const menus = useQuery({
    queryKey: ['role', 'menu-tree'],
    queryFn: fetchGrantableMenuTree,
    enabled: !!role,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  /** The role whose grants the ticks show (another role's, or none, until they arrive). */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Until the tree and the role's grants are here, nothing can be ticked or saved: saving then would
  // replace the role's grants with an empty list.
  const loading = !menus.data || loadedFor !== role?.id;
  const tree = useMemo(() => toTreeData(menus.data ?? [], language), [menus.data, language]);
  const [search, setSearch] = useState('');
  const query = search.trim().toLocaleLowerCase();
  // Opened by hand, else every menu, or with a search the way down to what it found.
  const [opened, setOpened] = useState<string[] | null>(null);
  const expanded = useMemo(
    () => allKeys(query ? filterMenus(menus.data ?? [], query) : (menus.data ?? [])),
    [menus.data, query],
  );

  useEffect(() => {
    setLoadedFor(null);
    setSearch('');
    setOpened(null);
    if (!role || !menus.data) return;
    let cancelled = false;
    const parents = parentKeys(menus.data);
    resourceApi
      .get('role', role.id)
      .then((full) => {
        if (cancelled) return;
        const ids = ((full.menuIdList as string[] | undefined) ?? []).map(String);
        // Parents follow their children in the tree, so only leaves are set as ticked.
        setChecked(ids.filter((id) => !parents.has(id)));
        setHalfChecked([]);
        setLoadedFor(role.id);
      })
      .catch(() => !cancelled && onClose());
    return () => {
      cancelled = true;
    };
  }, [role, menus.data, onClose]);

  const save = async () => {
    if (!role || loading) return;
    setSaving(true);
    try {
      await authorizeRole(role.id, [...new Set([...checked, ...halfChecked])]);
      void message.success(t('role.authorized'));
      onSaved();
      onClose();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!role}
      title={t('role.authorizeTitle', { name: String(role?.roleTitle ?? role?.roleName ?? '') })}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('role.authorizeHint')}</Typography.Paragraph>
      <MenuSearch
        value={search}
        onChange={(text) => {
          setSearch(text);
          setOpened(null);
        }}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        <div style={{ maxHeight: 480, overflow: 'auto' }}>
          <Tree
            checkable
            disabled={loading}
            selectable={false}
            treeData={tree}
            expandedKeys={opened ?? expanded}
            onExpand={(keys) => setOpened(keys.map(String))}
            titleRender={(node) => <Found text={String(node.title)} query={query} />}
            checkedKeys={checked}
            onCheck={(keys, info) => {
              const list = (Array.isArray(keys) ? keys : keys.checked) as Key[];
              setChecked(list.map(String));
              setHalfChecked(((info.halfCheckedKeys ?? []) as Key[]).map(String));
            }}
            aria-label={t('resources.role.fields.menuIdList')}
          />
        </div>
      </Spin>
    </Modal>
  );
}

/** A tree title with the searched text marked. */
function Found({ text, query }: { text: string; query: string }) {
  const at = query ? text.toLocaleLowerCase().indexOf(query) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}
