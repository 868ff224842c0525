/**
 * Import from CSV or Excel: download the template, choose a file, check it (dry run) and import.
 * Upload progress shows while the file is sent, and beside it the server's progress (reading, checking,
 * writing rows), polled with the import's progress key; rows with problems are listed, and nothing is written
 * while any row has one (CONTRACT: the server answers 422 with the row errors).
 */
import { FileExcelOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { resourceApi, saveFile, type FileFormat } from '../api/resource-api';
import type { ImportResult } from '../api/types';
import { isImportFile } from '../utils/upload-rules';
import { fieldLabelKey, titleKey } from './field-meta';
import { rowsWithErrors } from './import-errors';
import { newProgressKey, progressPercent, useImportProgress } from './use-import-progress';
import { resourceKeys } from './use-ref-options';
import { Button } from '../components/Button';

type RowError = ImportResult['errors'][number];
interface Outcome {
  dryRun: boolean;
  total: number;
  imported: number;
  errors: RowError[];
}

interface Props {
  resource: string;
  open: boolean;
  onClose: () => void;
  onImported?: () => void;
}

export default function ImportDialog({ resource, open, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const progress = useImportProgress(progressKey);

  const fieldName = (field?: string) => {
    if (!field) return '';
    const key = fieldLabelKey(resource, field);
    return i18n.exists(key) ? t(key) : field;
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const key = newProgressKey();
    setPercent(0);
    setOutcome(null);
    setProgressKey(key);
    try {
      const result = await resourceApi.importFile(resource, file, dryRun, setPercent, key);
      setOutcome({ dryRun, ...result, errors: result.errors ?? [] });
      if (!dryRun && result.imported > 0) {
        void message.success(t('importer.summary', { imported: result.imported, total: result.total }));
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
        onImported?.();
      }
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        setOutcome({
          dryRun,
          total: 0,
          imported: 0,
          errors: error.errors.map((e) => ({ row: e.row ?? 0, field: e.field, message: e.message })),
        });
      } else if (error instanceof ApiError) {
        void message.error({ content: error.message, duration: 5 });
      }
    } finally {
      setPercent(null);
      setProgressKey(null);
    }
  };
  const template = async (format: FileFormat) => {
    try {
      saveFile(await resourceApi.template(resource, format));
    } catch {
      // toasted by the client
    }
  };

  const close = () => {
    setFile(null);
    setOutcome(null);
    onClose();
  };

  const busy = percent !== null;
  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('importer.title', { name: t(titleKey(resource)) })}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} guardMs={0}>
            {t('common.close')}
          </Button>
          <Button disabled={!file || busy} onClick={() => void send(true)} data-testid="import-check">
            {t('importer.check')}
          </Button>
          <Button
            type="primary"
            disabled={!file || busy}
            onClick={() => void send(false)}
            data-testid="import-run"
          >
            {t('importer.run')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('importer.step1')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<FileExcelOutlined />} onClick={() => void template('xlsx')}>
          {t('importer.templateXlsx')}
        </Button>
        <Button icon={<FileTextOutlined />} onClick={() => void template('csv')}>
          {t('importer.templateCsv')}
        </Button>
      </Space>
      <Upload.Dragger
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          if (!isImportFile(chosen)) {
            void message.error(t('importer.wrongType'));
            return Upload.LIST_IGNORE;
          }
          setFile(chosen);
          setOutcome(null);
          return false; // sent by the buttons, not on selection
        }}
        onRemove={() => {
          setFile(null);
          setOutcome(null);
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('importer.chooseFile')}</p>
        <p className="ant-upload-hint">{t('importer.fileHint')}</p>
      </Upload.Dragger>
      {busy && (
        <div className="import-progress" data-testid="import-progress">
          <div>
            <Typography.Text type="secondary">{t('importer.uploading')}</Typography.Text>
            <Progress percent={percent} status="active" aria-label={t('importer.uploading')} />
          </div>
          <div>
            <Typography.Text type="secondary">
              {progress
                ? t('importer.serverProgress', {
                    phase: t(`importer.phases.${progress.phase}`),
                    done: progress.done,
                    total: progress.total,
                  })
                : t('importer.waiting')}
            </Typography.Text>
            <Progress
              percent={progress ? progressPercent(progress) : 0}
              status={progress?.phase === 'failed' ? 'exception' : 'active'}
              aria-label={t('importer.serverSide')}
            />
          </div>
        </div>
      )}
      {outcome && (
        <div style={{ marginTop: 12 }} data-testid="import-outcome">
          {outcome.errors.length === 0 ? (
            <Alert
              type="success"
              showIcon
              title={
                outcome.dryRun
                  ? t('importer.allValid', { total: outcome.total })
                  : t('importer.summary', { imported: outcome.imported, total: outcome.total })
              }
            />
          ) : (
            <>
              <Alert
                type="error"
                showIcon
                title={
                  outcome.dryRun
                    ? t('importer.checked', { total: outcome.total, count: rowsWithErrors(outcome.errors) })
                    : t('importer.nothingImported')
                }
              />
              <Table<RowError>
                size="small"
                style={{ marginTop: 8 }}
                rowKey={(e) => `${e.row}-${e.field ?? ''}-${e.message}`}
                dataSource={outcome.errors}
                pagination={{ pageSize: 8, hideOnSinglePage: true }}
                columns={[
                  { title: t('importer.row'), dataIndex: 'row', width: 80 },
                  {
                    title: t('importer.field'),
                    dataIndex: 'field',
                    width: 160,
                    render: (f?: string) => fieldName(f),
                  },
                  { title: t('importer.message'), dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
