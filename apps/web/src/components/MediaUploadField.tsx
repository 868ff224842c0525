/**
 * Upload fields of spec §5: images (JPG/PNG ≤ 10 MB) and videos (MP4 ≤ 50 MB). The file is checked in
 * the browser before it is sent, sent with progress to the upload service, and the stored file's id
 * becomes the field's value; the preview reads the file back by that id.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/upload-api';
import { IMAGE_MAX_MB, VIDEO_MAX_MB } from '../utils/upload-rules';
import MediaUploadButton, { type Uploader } from './MediaUploadButton';
import { Button } from './Button';

export type { Uploader } from './MediaUploadButton';

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
  upload,
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const { t } = useTranslation();
  const image = kind === 'image';
  const maxMb = image ? IMAGE_MAX_MB : VIDEO_MAX_MB;
  const current = typeof value === 'string' && value !== '' ? value : null;
  const hintId = id ? `${id}-hint` : undefined;

  return (
    <div>
      <Space wrap>
        <MediaUploadButton
          kind={kind}
          upload={upload}
          onUploaded={(stored) => onChange?.(stored)}
          label={t(current ? 'upload.replace' : image ? 'upload.image' : 'upload.video')}
          disabled={disabled}
          id={id}
          aria-label={ariaLabel}
          aria-describedby={hintId}
        />
        {current && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('upload.remove')}
          </Button>
        )}
      </Space>
      <div className="ant-form-item-extra" id={hintId}>
        {t(image ? 'upload.imageHint' : 'upload.videoHint', { size: maxMb })}
      </div>
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
