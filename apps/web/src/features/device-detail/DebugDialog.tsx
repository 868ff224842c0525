/**
 * Device debugging: send one of the platform's preset commands (a `debug` command with the preset's
 * action and arguments) to this machine. Its state is followed like any other command. Only the
 * presets of the machine's family (or of no family) are offered: the server refuses the others.
 */
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../api/device-api';
import { useRefOptions } from '../../resources/use-ref-options';
import { commandTracker } from '../device/command-tracker';

interface Props {
  device: { id: string; name: string; family?: string | null } | null;
  onClose: () => void;
  onIssued: () => void;
}

export default function DebugDialog({ device, onClose, onIssued }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [presetId, setPresetId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const presets = useRefOptions('preset-command', !!device, { family: device?.family ?? undefined });

  const send = async () => {
    if (!device || !presetId) return;
    setSending(true);
    try {
      const commands = await deviceApi.debug([device.id], presetId);
      commandTracker.getState().track(commands, { [device.id]: device.name });
      void message.success(t('deviceDetail.debug.sent'));
      onIssued();
      setPresetId(undefined);
      onClose();
    } catch {
      // toasted by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={!!device}
      title={t('deviceDetail.debug.title', { name: device?.name ?? '' })}
      okText={t('deviceDetail.debug.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !presetId }}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('deviceDetail.debug.hint')}</Typography.Paragraph>
      <Form layout="vertical" name="device-debug">
        <Form.Item label={t('deviceDetail.debug.preset')} htmlFor="device-debug-preset" required>
          <Select
            id="device-debug-preset"
            showSearch={{ optionFilterProp: 'label' }}
            loading={presets.isLoading}
            options={presets.data ?? []}
            value={presetId}
            onChange={setPresetId}
            placeholder={t('common.pleaseSelect')}
            notFoundContent={t('deviceDetail.debug.noPresets')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
