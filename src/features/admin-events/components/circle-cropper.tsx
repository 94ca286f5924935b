/**
 * The speaker photo cropper (product-spec.md §5: a circular stencil), react-easy-crop loaded lazily with this
 * module. Answers a square 512×512 JPEG of the chosen area; the circle is how the app shows it.
 */
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { editorMessages as t } from '../../../domain/messages/editor.ts';

const SIZE = 512;

async function crop(src: string, chosen: Area | null): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  // before the cropper reports an area: the centred square
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  const area = chosen ?? {
    x: (image.naturalWidth - side) / 2,
    y: (image.naturalHeight - side) / 2,
    width: side,
    height: side,
  };
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, SIZE, SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('crop failed'))), 'image/jpeg', 0.9),
  );
}

export default function CircleCropper({
  src,
  onDone,
  onCancel,
}: {
  src: string;
  onDone(file: File): void;
  onCancel(): void;
}) {
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <div className="cropper">
      <div className="cropper-area" data-testid="speaker-cropper">
        <Cropper
          image={src}
          crop={position}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <label className="field">
        <span className="field-label">{t.cropZoom}</span>
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
        />
      </label>
      <div className="editor-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
        <button
          type="button"
          className="button"
          onClick={async () => {
            const blob = await crop(src, area);
            onDone(new File([blob], 'speaker.jpg', { type: 'image/jpeg' }));
          }}
        >
          {t.cropConfirm}
        </button>
      </div>
    </div>
  );
}
