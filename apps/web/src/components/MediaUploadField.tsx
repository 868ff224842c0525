/**
 * Upload fields of spec §5: images (JPG/PNG ≤ 10 MB) and videos (MP4 ≤ 50 MB). The file is checked in
 * the browser before it is sent; `upload` sends it and resolves with the stored file's address,
 * which becomes the field's value.
 */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, checkVideo, IMAGE_MAX_MB, VIDEO_MAX_MB } from '../utils/upload-rules';

export type Uploader = (file: File, onProgress: (percent: number) => void) => Promise<string>;

interface Props {
  kind: 'image' | 'video';
  upload: Uploader;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

export default function MediaUploadField({ kind, upload, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const image = kind === 'image';
  const maxMb = image ? IMAGE_MAX_MB : VIDEO_MAX_MB;

  return (
    <div>
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
            const url = await upload(file as File, setPercent);
            onChange?.(url);
            onSuccess?.(url);
          } catch (error) {
            onError?.(error as Error);
          } finally {
            setPercent(null);
          }
        }}
      >
        <Button icon={<UploadOutlined />}>{t(image ? 'upload.image' : 'upload.video')}</Button>
      </Upload>
      <div className="ant-form-item-extra">
        {t(image ? 'upload.imageHint' : 'upload.videoHint', { size: maxMb })}
      </div>
      {percent !== null && <Progress percent={percent} size="small" />}
      {value &&
        (image ? (
          <img src={value} alt={t('upload.preview')} style={{ maxWidth: 160, marginTop: 8 }} />
        ) : (
          <video
            src={value}
            controls
            style={{ maxWidth: 240, marginTop: 8 }}
            aria-label={t('upload.preview')}
          />
        ))}
    </div>
  );
}
