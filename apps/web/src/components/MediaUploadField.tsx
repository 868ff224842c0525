/**
 * Upload fields of spec §5: images (JPG/PNG ≤ 10 MB) and videos (MP4 ≤ 50 MB). The file is checked in
 * the browser before it is sent, sent with progress to the upload service, and the stored file's id
 * becomes the field's value; the preview reads the file back by that id.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { mediaUrl, uploadMedia } from '../api/upload-api';
import { checkImage, checkVideo, IMAGE_MAX_MB, VIDEO_MAX_MB } from '../utils/upload-rules';

/** Sends a file and resolves with the id the field keeps. */
export type Uploader = (file: File, onProgress: (percent: number) => void) => Promise<string>;

const defaultUpload: Uploader = async (file, onProgress) => (await uploadMedia(file, onProgress)).id;

interface Props {
  kind: 'image' | 'video';
  upload?: Uploader;
  value?: unknown;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

export default function MediaUploadField({
  kind,
  upload = defaultUpload,
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const image = kind === 'image';
  const maxMb = image ? IMAGE_MAX_MB : VIDEO_MAX_MB;
  const current = typeof value === 'string' && value !== '' ? value : null;
  const hintId = id ? `${id}-hint` : undefined;

  return (
    <div>
      <Space wrap>
        <Upload
          accept={image ? '.jpg,.jpeg,.png,image/jpeg,image/png' : '.mp4,video/mp4'}
          showUploadList={false}
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
              onChange?.(stored);
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
            aria-describedby={hintId}
            data-testid="media-upload"
          >
            {t(current ? 'upload.replace' : image ? 'upload.image' : 'upload.video')}
          </Button>
        </Upload>
        {current && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('upload.remove')}
          </Button>
        )}
      </Space>
      <div className="ant-form-item-extra" id={hintId}>
        {t(image ? 'upload.imageHint' : 'upload.videoHint', { size: maxMb })}
      </div>
      {percent !== null && <Progress percent={percent} size="small" aria-label={t('upload.progress')} />}
      {current &&
        (image ? (
          <img
            src={mediaUrl(current)}
            alt={t('upload.preview')}
            data-testid="media-preview"
            style={{ display: 'block', maxWidth: 160, maxHeight: 160, marginTop: 8 }}
          />
        ) : (
          <video
            src={mediaUrl(current)}
            controls
            style={{ display: 'block', maxWidth: 240, marginTop: 8 }}
            aria-label={t('upload.preview')}
          />
        ))}
    </div>
  );
}
