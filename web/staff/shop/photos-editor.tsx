import { type ChangeEvent, useId, useState } from 'react';
import { FieldFrame } from '../../components/ui/field';
import { ChevronDownIcon } from '../../components/ui/icons';
import { messageOf } from '../frame/admin-api';
import { photoMessages, photoProblem, resizedWebp, uploadPhoto } from './photo-upload';
import { MAX_PICTURES } from './product-checks';

interface PhotosEditorProps {
  /** The product's name: each picture's alt text. */
  name: string;
  images: readonly string[];
  error?: string;
  onChange: (update: (images: string[]) => string[]) => void;
  /** An upload has started (true) or ended (false): the product waits for it before saving. */
  onUploading: (uploading: boolean) => void;
}

const moved = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [picture] = next.splice(from, 1);
  if (picture !== undefined) next.splice(to, 0, picture);
  return next;
};

/**
 * A product's photos: thumbnails in order (the first is the main picture) with Earlier, Later and
 * Remove, and a file input that resizes and uploads a new one. The list is saved with the product.
 */
export function PhotosEditor({ name, images, error, onChange, onUploading }: PhotosEditorProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState('');
  const alt = name.trim() || 'New product';

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setStatus('');
    const refused = photoProblem(file);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    onUploading(true);
    try {
      const url = await uploadPhoto(await resizedWebp(file));
      onChange((list) => [...list, url]);
      setStatus('Photo added. Save the product to keep it.');
    } catch (failure) {
      setProblem(
        failure instanceof Error && failure.message === photoMessages.unreadable
          ? failure.message
          : messageOf(failure, photoMessages.upload),
      );
    } finally {
      setUploading(false);
      onUploading(false);
    }
  }

  return (
    <fieldset className="admin-photos" aria-describedby={`${id}-hint`}>
      <legend className="field__label">Photos</legend>
      <p className="field__hint" id={`${id}-hint`}>
        The first is the main picture in the shop.
      </p>
      {images.length > 0 ? (
        <ol className="admin-photos__list">
          {images.map((url, index) => (
            <PhotoItem
              key={url}
              url={url}
              index={index}
              last={index === images.length - 1}
              alt={alt}
              onChange={onChange}
              onStatus={setStatus}
            />
          ))}
        </ol>
      ) : (
        <p className="admin-photos__none">No photo yet.</p>
      )}
      {images.length < MAX_PICTURES ? <AddPhotoField id={`${id}-file`} uploading={uploading} onAdd={add} /> : null}
      <p className="admin-photos__status" role="status">
        {uploading ? 'Uploading the photo…' : status}
      </p>
      {problem || error ? (
        <p className="field__error" role="alert">
          {problem ?? error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One thumbnail with its place in the order, and Earlier, Later and Remove. */
function PhotoItem({
  url,
  index,
  last,
  alt,
  onChange,
  onStatus,
}: {
  url: string;
  index: number;
  last: boolean;
  alt: string;
  onChange: PhotosEditorProps['onChange'];
  onStatus: (status: string) => void;
}) {
  return (
    <li className="admin-photos__item">
      <img className="admin-photos__thumb" src={url} alt={alt} width={96} height={96} />
      <span className="admin-photos__caption">{index === 0 ? 'Main picture' : `Picture ${index + 1}`}</span>
      <div className="admin-photos__buttons">
        <button
          type="button"
          className="admin-catalogue__move admin-catalogue__move--earlier"
          aria-label={`Move picture ${index + 1} earlier`}
          title="Earlier"
          disabled={index === 0}
          onClick={() => onChange((list) => moved(list, index, index - 1))}
        >
          <ChevronDownIcon size={20} />
        </button>
        <button
          type="button"
          className="admin-catalogue__move admin-catalogue__move--later"
          aria-label={`Move picture ${index + 1} later`}
          title="Later"
          disabled={last}
          onClick={() => onChange((list) => moved(list, index, index + 1))}
        >
          <ChevronDownIcon size={20} />
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Remove picture ${index + 1}`}
          onClick={() => {
            onChange((list) => list.filter((_, at) => at !== index));
            onStatus(`Picture ${index + 1} removed. Save the product to keep the change.`);
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** The file input that resizes and uploads a new photo. */
function AddPhotoField({
  id,
  uploading,
  onAdd,
}: {
  id: string;
  uploading: boolean;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <FieldFrame id={id} label="Add a photo" className="admin-photos__add">
      <input
        id={id}
        className="admin-photos__input"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={uploading}
        aria-describedby={`${id}-hint`}
        onChange={onAdd}
      />
      <p className="field__hint" id={`${id}-hint`}>
        JPEG, PNG or WebP, up to 10 MB. It is made smaller before it is sent.
      </p>
    </FieldFrame>
  );
}
