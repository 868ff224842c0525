/**
 * Several images for one record (a product's pictures): each is uploaded like a single image field
 * (MediaUploadButton) and the value is the list of upload ids in order. The first image is the
 * cover that lists and machines show first; any other can be moved to the front or removed.
 */
import { DeleteOutlined, StarOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/upload-api';
import { IMAGE_MAX_MB } from '../utils/upload-rules';
import MediaUploadButton, { type Uploader } from './MediaUploadButton';
import { Button } from './Button';

interface Props {
  value?: unknown;
  onChange?: (value: string[]) => void;
  /** How many images the field takes (the resource's `max`). */
  max: number;
  upload?: Uploader;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

export default function ImageGalleryField({
  value,
  onChange,
  max,
  upload,
  disabled,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const { t } = useTranslation();
  const images = ids(value);
  // Several files chosen at once finish one by one, each before the parent re-renders: the list
  // they append to is kept here, not read from a possibly stale `value`.
  const latest = useRef(images);
  latest.current = images;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const hintId = id ? `${id}-hint` : undefined;
  const full = images.length >= max;

  return (
    <div>
      <Space wrap align="start" data-testid="image-gallery">
        {images.map((image, i) => (
          <div key={image} style={{ position: 'relative', width: 104 }} data-testid="gallery-image">
            <img
              src={mediaUrl(image)}
              alt={t('upload.imageNumber', { n: i + 1 })}
              style={{ width: 104, height: 104, objectFit: 'cover', display: 'block', borderRadius: 6 }}
            />
            {i === 0 && (
              <Tag color="gold" style={{ position: 'absolute', top: 4, left: 4 }}>
                {t('upload.cover')}
              </Tag>
            )}
            {!disabled && (
              <Space size={4} style={{ marginTop: 4 }}>
                {i > 0 && (
                  <Tooltip title={t('upload.makeCover')}>
                    <Button
                      size="small"
                      icon={<StarOutlined />}
                      aria-label={t('upload.makeCoverOf', { n: i + 1 })}
                      onClick={() => change([image, ...images.filter((x) => x !== image)])}
                    />
                  </Tooltip>
                )}
                <Tooltip title={t('upload.remove')}>
                  <Button
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('upload.removeNumber', { n: i + 1 })}
                    onClick={() => change(images.filter((x) => x !== image))}
                  />
                </Tooltip>
              </Space>
            )}
          </div>
        ))}
        {!disabled && !full && (
          <MediaUploadButton
            kind="image"
            multiple
            upload={upload}
            onUploaded={(stored) => {
              if (latest.current.length < max && !latest.current.includes(stored))
                change([...latest.current, stored]);
            }}
            label={t('upload.addImage')}
            id={id}
            aria-label={ariaLabel}
            aria-describedby={hintId}
          />
        )}
      </Space>
      <div className="ant-form-item-extra" id={hintId}>
        {t('upload.galleryHint', { size: IMAGE_MAX_MB, max, count: images.length })}
      </div>
    </div>
  );
}
