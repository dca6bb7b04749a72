import { IMAGE_ALT_MAX, IMAGES_PER_PRODUCT_MAX, type ImagenProducto } from '@nexbyte/shared';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../../lib/error-message';
import { useDeletePhoto, useSavePhotoOrder, useUploadPhoto } from '../api/product-photos';
import '../photo-editor.css';

interface Upload {
  key: number;
  name: string;
  /** 0 to 1 while it goes out. */
  share: number;
  error: string | null;
}

interface PhotoEditorProps {
  productId: number;
  productName: string;
  photos: ImagenProducto[];
}

/** The smallest variant, for a thumbnail: the original may be 2,400 px wide. */
const thumbnailOf = (photo: ImagenProducto) =>
  photo.variantes.find((v) => v.formato === 'webp')?.url ?? photo.url;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * The product's photos in the admin: add them (picker, camera on a phone, or dropped files),
 * put them in order (buttons or dragging), describe each one, and remove one. Every change is
 * saved at once; the first photo is the one the shop's lists show.
 */
export function PhotoEditor({ productId, productName, photos: initial }: PhotoEditorProps) {
  const [photos, setPhotosState] = useState(initial);
  const [alts, setAltsState] = useState<Record<number, string>>(() =>
    Object.fromEntries(initial.map((p) => [p.id, p.alt])),
  );
  /**
   * What the screen shows now, and what the server last confirmed. Saves run one after another
   * and each sends what is on screen when it goes out: two quick edits (leaving one alt field
   * for the next) must not race, or the older answer would undo the newer text.
   */
  const latest = useRef({ photos: initial, alts, saved: initial });
  const saving = useRef<Promise<void>>(Promise.resolve());
  const setPhotos = (next: ImagenProducto[]) => {
    latest.current.photos = next;
    setPhotosState(next);
  };
  const setAlt = (id: number, alt: string) => {
    latest.current.alts = { ...latest.current.alts, [id]: alt };
    setAltsState(latest.current.alts);
  };
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ImagenProducto | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const headingId = useId();
  const hintId = useId();
  const upload = useUploadPhoto(productId);
  const saveOrder = useSavePhotoOrder(productId);
  const remove = useDeletePhoto(productId);

  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  async function addFiles(files: File[]) {
    setError(null);
    const room = IMAGES_PER_PRODUCT_MAX - photos.length;
    if (files.length > room) {
      setError(`Un producto admite hasta ${IMAGES_PER_PRODUCT_MAX} fotos.`);
      files = files.slice(0, Math.max(room, 0));
    }
    const queued = files.map((file) => ({ file, key: nextKey.current++ }));
    setUploads((list) => [
      ...list,
      ...queued.map(({ file, key }) => ({ key, name: file.name, share: 0, error: null })),
    ]);
    // One at a time: each upload is encoded on the server, which has better things to do.
    for (const { file, key } of queued) {
      try {
        const photo = await upload.mutateAsync({
          file,
          onProgress: (share) => patchUpload(key, { share }),
        });
        setUploads((list) => list.filter((u) => u.key !== key));
        latest.current.saved = [...latest.current.saved, photo];
        setPhotos([...latest.current.photos, photo]);
        setAlt(photo.id, photo.alt);
        setAnnouncement(`Foto subida: ${file.name}.`);
      } catch (err) {
        const message = errorMessage(err, 'No se pudo subir la foto.');
        patchUpload(key, { error: message });
        setAnnouncement(`No se pudo subir ${file.name}: ${message}`);
      }
    }
  }

  function persist(order: ImagenProducto[], done: string) {
    setPhotos(order);
    setError(null);
    saving.current = saving.current.then(async () => {
      const sent = latest.current.photos;
      const texts = latest.current.alts;
      try {
        const saved = await saveOrder.mutateAsync({
          imagenes: sent.map((p) => ({ id: p.id, alt: (texts[p.id] ?? p.alt).trim() })),
        });
        latest.current.saved = saved;
        // A later change already on screen keeps its place; its own save follows.
        if (latest.current.photos === sent) setPhotos(saved);
        setAnnouncement(done);
      } catch (err) {
        setPhotos(latest.current.saved);
        setError(errorMessage(err, 'No se pudo guardar el orden de las fotos.'));
      }
    });
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= photos.length || from === to) return;
    const order = [...photos];
    const [photo] = order.splice(from, 1);
    order.splice(to, 0, photo!);
    persist(order, `Foto ${from + 1} movida a la posición ${to + 1} de ${order.length}.`);
  }

  function saveAlt(photo: ImagenProducto, index: number) {
    const alt = (latest.current.alts[photo.id] ?? '').trim();
    const saved = latest.current.saved.find((p) => p.id === photo.id);
    if (alt === (saved?.alt ?? photo.alt)) return;
    persist(latest.current.photos, `Texto alternativo de la foto ${index + 1} guardado.`);
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      latest.current.saved = latest.current.saved.filter((p) => p.id !== removing.id);
      setPhotos(latest.current.photos.filter((p) => p.id !== removing.id));
      setAnnouncement('Foto quitada.');
    } catch (err) {
      setError(errorMessage(err, 'No se pudo quitar la foto.'));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="photo-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>Fotos</h2>
      <div
        className={`photo-editor__drop${dropActive ? ' photo-editor__drop--active' : ''}`}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDropActive(false);
          void addFiles(Array.from(event.dataTransfer.files));
        }}
      >
        <p id={hintId} className="muted">
          Arrastra fotos aquí o elígelas (en el teléfono, también con la cámara). JPEG, PNG, WebP o
          AVIF; la primera es la que muestran las listas.
        </p>
        <button
          type="button"
          className="button"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Agregar fotos
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Fotos del producto"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void addFiles(files);
          }}
        />
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {error && <Alert tone="danger">{error}</Alert>}

      {uploads.length > 0 && (
        <ul className="photo-editor__uploads" aria-label="Subidas">
          {uploads.map((u) => (
            <li key={u.key} className="photo-editor__upload">
              <span className="photo-editor__upload-name">{u.name}</span>
              {u.error ? (
                <>
                  <span className="photo-editor__upload-error">{u.error}</span>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    Descartar
                  </button>
                </>
              ) : (
                <progress
                  max={100}
                  value={Math.round(u.share * 100)}
                  aria-label={`Subiendo ${u.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      {photos.length === 0 ? (
        <p className="muted">
          Este producto aún no tiene fotos: la tienda muestra el dibujo de su categoría.
        </p>
      ) : (
        <ol className="photo-editor__list" aria-label={`Fotos de ${productName}, en orden`}>
          {photos.map((photo, index) => {
            const label = `foto ${index + 1} de ${photos.length}`;
            return (
              <li
                key={photo.id}
                className={`photo-editor__item${dragged === index ? ' photo-editor__item--dragged' : ''}`}
                draggable
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  move(dragged, index);
                  setDragged(null);
                }}
              >
                <img
                  className="photo-editor__thumb"
                  src={thumbnailOf(photo)}
                  alt={alts[photo.id]?.trim() || `Foto ${index + 1}`}
                  width={photo.ancho}
                  height={photo.alto}
                />
                <div className="photo-editor__fields">
                  <label className="photo-editor__alt">
                    <span>{`Texto alternativo (${label})`}</span>
                    <input
                      type="text"
                      maxLength={IMAGE_ALT_MAX}
                      value={alts[photo.id] ?? ''}
                      placeholder={productName}
                      onChange={(event) => setAlt(photo.id, event.target.value)}
                      onBlur={() => saveAlt(photo, index)}
                    />
                  </label>
                  <div className="photo-editor__actions">
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      disabled={index === 0}
                      aria-label={`Mover antes la ${label}`}
                      onClick={() => move(index, index - 1)}
                    >
                      ← Antes
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      disabled={index === photos.length - 1}
                      aria-label={`Mover después la ${label}`}
                      onClick={() => move(index, index + 1)}
                    >
                      Después →
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={`Quitar la ${label}`}
                      onClick={() => setRemoving(photo)}
                    >
                      Quitar
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="¿Quitar esta foto?"
        confirmLabel="Quitar foto"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>La tienda dejará de mostrarla. Para volver a tenerla habrá que subirla de nuevo.</p>
      </ConfirmDialog>
    </section>
  );
}
