/**
 * Device debugging: send one of the platform's preset commands (a `debug` command with the preset's
 * action and arguments) to one machine (its detail page) or several (the device list). Their states
 * are followed like any other command. Only the presets every machine takes are offered: those of
 * their common family and those of no family; when the families differ, only the latter, and the
 * dialog says why. The server refuses the others all the same (preset-scope.ts).
 */
import { App, Alert, Form, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../api/device-api';
import { useRefOptions } from '../../resources/use-ref-options';
import { commandTracker } from '../device/command-tracker';
import { presetScope, type DebugMachine } from './preset-scope';

export type { DebugMachine } from './preset-scope';

interface Props {
  /** The machines to debug; null (or none) keeps the dialog closed. */
  machines: DebugMachine[] | null;
  onClose: () => void;
  onIssued: () => void;
}

export default function DebugDialog({ machines, onClose, onIssued }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [presetId, setPresetId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const open = !!machines?.length;
  const scope = useMemo(() => presetScope(machines ?? []), [machines]);
  const presets = useRefOptions('preset-command', open, { family: scope.query });
  const options = useMemo(() => presets.data ?? [], [presets.data]);
  // A preset chosen for an earlier selection may not suit this one.
  const chosen = options.some((o) => o.value === presetId) ? presetId : undefined;
  const single = machines?.length === 1 ? machines[0] : null;

  const close = () => {
    setPresetId(undefined);
    onClose();
  };

  const send = async () => {
    if (!machines?.length || !chosen) return;
    setSending(true);
    try {
      const commands = await deviceApi.debug(
        machines.map((m) => m.id),
        chosen,
      );
      commandTracker.getState().track(commands, Object.fromEntries(machines.map((m) => [m.id, m.name])));
      void message.success(
        single ? t('deviceDetail.debug.sent') : t('deviceDetail.debug.sentMany', { count: machines.length }),
      );
      onIssued();
      close();
    } catch {
      // toasted by the client
    } finally {
      setSending(false);
    }
  };

  const familyName = (family: string) => t(`resources.device.values.family.${family}`);

  return (
    <Modal
      open={open}
      title={
        single
          ? t('deviceDetail.debug.title', { name: single.name })
          : t('deviceDetail.debug.titleMany', { count: machines?.length ?? 0 })
      }
      okText={t('deviceDetail.debug.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {single ? t('deviceDetail.debug.hint') : t('deviceDetail.debug.hintMany')}
      </Typography.Paragraph>
      {scope.kind !== 'family' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="debug-common-presets"
          title={
            scope.kind === 'mixed'
              ? t('deviceDetail.debug.mixedFamilies', { families: scope.families.map(familyName).join(', ') })
              : t('deviceDetail.debug.noFamily')
          }
        />
      )}
      <Form layout="vertical" name="device-debug">
        <Form.Item label={t('deviceDetail.debug.preset')} htmlFor="device-debug-preset" required>
          <Select
            id="device-debug-preset"
            showSearch={{ optionFilterProp: 'label' }}
            loading={presets.isLoading}
            options={options}
            value={chosen}
            onChange={setPresetId}
            placeholder={t('common.pleaseSelect')}
            notFoundContent={
              scope.kind === 'family'
                ? t('deviceDetail.debug.noPresets')
                : t('deviceDetail.debug.noCommonPresets')
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
