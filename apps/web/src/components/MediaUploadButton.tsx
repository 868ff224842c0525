/**
 * The upload half of the media fields: checks each chosen file in the browser (type and size, spec
 * §5), sends it to the upload service with progress, and hands back the stored file's id.
 */
import { UploadOutlined } from '@ant-design/icons';
import { App, Progress, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { uploadMedia } from '../api/upload-api';
import { checkImage, checkVideo } from '../utils/upload-rules';
import { Button } from './Button';

/** Sends a file and resolves with the id the field keeps. */
export type Uploader = (file: File, onProgress: (percent: number) => void) => Promise<string>;

const defaultUpload: Uploader = async (file, onProgress) => (await uploadMedia(file, onProgress)).id;

interface Props {
  kind: 'image' | 'video';
  upload?: Uploader;
  onUploaded: (id: string) => void;
  label: ReactNode;
  /** Several files chosen at once are sent one after the other. */
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

export default function MediaUploadButton({
  kind,
  upload = defaultUpload,
  onUploaded,
  label,
  multiple = false,
  disabled,
  id,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const image = kind === 'image';
  return (
    <>
      <Upload
        accept={image ? '.jpg,.jpeg,.png,image/jpeg,image/png' : '.mp4,video/mp4'}
        showUploadList={false}
        multiple={multiple}
        disabled={disabled || percent !== null}
        beforeUpload={(file) => {
          const problem = image ? checkImage(file) : checkVideo(file);
          if (problem) {
            void message.error(t(problem.key, { size: problem.size }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setPercent(0);
          try {
            const stored = await upload(file as File, setPercent);
            onUploaded(stored);
            onSuccess?.(stored);
          } catch (error) {
            // The client has shown the server's message (413 too large, 415 wrong type).
            onError?.(error instanceof ApiError ? error : new Error(String(error)));
          } finally {
            setPercent(null);
          }
        }}
      >
        <Button
          id={id}
          icon={<UploadOutlined />}
          aria-label={ariaLabel}
          aria-describedby={describedBy}
          data-testid="media-upload"
        >
          {label}
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" aria-label={t('upload.progress')} />}
    </>
  );
}
