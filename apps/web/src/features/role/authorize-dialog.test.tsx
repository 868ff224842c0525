import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@brewfleet/contracts';
import { configureClient } from '../../api/client';
import { initI18n } from '../../app/i18n';
import { createFakeXhr, heldBack, ok, type Answer } from '../../test/fake-xhr';
import { menuNode } from '../../test/menu-nodes';
import { renderPage } from '../../test/render-page';
import AuthorizeDialog from './AuthorizeDialog';

const menu = (id: string, type: number, en: string, menuList: MenuNode[] = []) =>
  menuNode(id, type, en, {}, menuList);
const TREE = [menu('1', 0, 'System', [menu('2', 1, 'Accounts', [menu('3', 2, 'New account')])])];

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('authorizing a role', () => {
  it('saves nothing until the role’s grants are here, then saves them as they were', async () => {
    const held = heldBack();
    const fake = createFakeXhr(async (req): Promise<Answer> => {
      if (req.url.startsWith('/api/coffee/role/menu-tree')) return ok(TREE);
      if (req.url.startsWith('/api/coffee/role/9')) {
        await held.until;
        return ok({ id: '9', roleName: 'clerk', menuIdList: ['1', '2', '3'] });
      }
      return ok({ id: '9' });
    });
    configureClient({ createXhr: fake.createXhr, getToken: () => 't' });
    let saved = 0;
    renderPage(
      <AuthorizeDialog
        role={{ id: '9', roleName: 'clerk' }}
        onClose={() => undefined}
        onSaved={() => saved++}
      />,
    );
    await screen.findByText('New account');
    const save = screen.getByRole('button', { name: 'Save' });
    // The tree is here, the role's grants are not: a save now would take every grant away.
    expect(save).toBeDisabled();
    fireEvent.click(save);

    held.release();
    await waitFor(() => expect(save).toBeEnabled());
    // Folded by hand, then a search opens the way to what it finds and marks it; ticks stay as they were.
    fireEvent.click(document.querySelector('.ant-tree-switcher_open')!);
    await waitFor(() => expect(screen.queryByText('New account')).toBeNull());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find by name, address or permission code' }), {
      target: { value: 'new ACC' },
    });
    await waitFor(() => expect(document.querySelector('mark')?.textContent).toBe('New acc'));
    expect(screen.getByText('ount')).toBeTruthy(); // the rest of "New account", after the mark
    fireEvent.click(save);
    await waitFor(() => expect(saved).toBe(1));
    const sent = fake.sent.filter((r) => r.url.startsWith('/api/coffee/role/authorize'));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ id: '9' });
    expect((sent[0].body as { menuIdList: string[] }).menuIdList).toContain('3');
  }, 20_000);
});
