import {
  checkBuild,
  completeComponent,
  formatCLP,
  TIPO_COMPONENTE_LABEL,
  TIPOS_COMPONENTE,
  type Armado,
  type Componente,
  type Producto,
  type TipoComponente,
} from '@nexbyte/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { LOCAL_KEYS, readJson, writeJson } from '../../../lib/storage';
import { useSession } from '../../../lib/use-session';
import { useCheckBuild } from '../api/check-build';
import { useParts } from '../api/get-part';
import { useSaveBuild } from '../api/save-build';
import {
  chosenFromParams,
  chosenFromParts,
  chosenIds,
  isEmpty,
  paramsFromChosen,
  sharedBuildPath,
  type Chosen,
} from '../build-params';
import '../pc-builder.css';
import { BuildReview } from './build-review';
import { RecommendedBuilds } from './recommended-builds';
import { StepSection, stepHeadingId } from './step-section';

const CHECK_FAILED = 'No pudimos revisar tu armado. Inténtalo de nuevo.';
const SAVE_FAILED = 'No pudimos guardar tu armado. Inténtalo de nuevo.';
const SUMMARY_ID = 'armado-resumen';

/** The first step without a part, from `after` on (then from the start); null when all have one. */
export function nextOpenStep(chosen: Chosen, after?: TipoComponente): TipoComponente | null {
  const start = after ? TIPOS_COMPONENTE.indexOf(after) + 1 : 0;
  const order = [...TIPOS_COMPONENTE.slice(start), ...TIPOS_COMPONENTE.slice(0, start)];
  return order.find((tipo) => chosen[tipo] === undefined && tipo !== after) ?? null;
}

function storedBuild(): Chosen | null {
  const stored = readJson(LOCAL_KEYS.pcBuild);
  if (stored.status !== 'ok' || typeof stored.value !== 'string') return null;
  const chosen = chosenFromParams(new URLSearchParams(stored.value));
  return isEmpty(chosen) ? null : chosen;
}

interface PcBuilderProps {
  /** Puts the checked parts into the cart (the cart is the app's, not this feature's). */
  onAddAll: (parts: Producto[]) => void;
}

/**
 * /arma-tu-pc (docs/product.md#arma-tu-pc): the steps, each listing the parts in stock that fit
 * the others; the build lives in the address (and the browser, for the next visit).
 */
export function PcBuilder({ onAddAll }: PcBuilderProps) {
  const [params, setParams] = useSearchParams();
  const chosen = useMemo(() => chosenFromParams(params), [params]);
  const ids = chosenIds(chosen);
  const { parts, missing } = useParts(ids);
  // Until the shopper opens a step, the first one without a part is open.
  const [openChoice, setOpen] = useState<TipoComponente | null | undefined>(undefined);
  const open = openChoice === undefined ? nextOpenStep(chosen) : openChoice;
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [saved, setSaved] = useState<Armado | null>(null);
  const check = useCheckBuild();
  const save = useSaveBuild();
  const toast = useToast();
  const session = useSession();
  const restored = useRef(false);

  const update = (next: Chosen, openNext: TipoComponente | null, focus: string | null) => {
    setParams(paramsFromChosen(next), { replace: true, preventScrollReset: true });
    setOpen(openNext);
    setFocusTarget(focus);
    setSaved(null);
  };

  // A visit without a build in its address continues the last one of this browser.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (!isEmpty(chosen)) return;
    const stored = storedBuild();
    if (stored) setParams(paramsFromChosen(stored), { replace: true, preventScrollReset: true });
    // Once, after the first render: the server drew the page without the browser's storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const query = paramsFromChosen(chosen).toString();
  useEffect(() => {
    if (restored.current) writeJson(LOCAL_KEYS.pcBuild, query);
  }, [query]);

  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget)?.focus();
  }, [focusTarget]);

  // A part gone from the shop (unknown or inactive) leaves the build.
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    const gone = new Set(missingKey.split(',').map(Number));
    const next: Chosen = {};
    for (const tipo of TIPOS_COMPONENTE) {
      const id = chosen[tipo];
      if (id !== undefined && !gone.has(id)) next[tipo] = id;
    }
    setParams(paramsFromChosen(next), { replace: true, preventScrollReset: true });
  }, [missingKey, chosen, setParams]);

  const byId = new Map(parts.map((p) => [p.id, p]));
  const chosenParts = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const componentes = chosenParts
    .map((p) => completeComponent(p.componente))
    .filter((c): c is Componente => c !== null);
  const revision = checkBuild(componentes);
  const total = chosenParts.reduce((sum, p) => sum + p.precio, 0);

  const choose = (tipo: TipoComponente, part: Producto) => {
    const next = { ...chosen, [tipo]: part.id };
    const following = nextOpenStep(next, tipo);
    update(next, following, following ? stepHeadingId(following) : SUMMARY_ID);
  };
  const remove = (tipo: TipoComponente) => {
    const next = { ...chosen };
    delete next[tipo];
    update(next, tipo, stepHeadingId(tipo));
  };
  const skip = (tipo: TipoComponente) => {
    const following = nextOpenStep(chosen, tipo);
    setOpen(following);
    setFocusTarget(following ? stepHeadingId(following) : SUMMARY_ID);
  };
  const startFrom = (armado: Armado) => {
    const next = chosenFromParts(armado.piezas);
    update(next, nextOpenStep(next), SUMMARY_ID);
  };
  const reset = () => update({}, TIPOS_COMPONENTE[0], stepHeadingId(TIPOS_COMPONENTE[0]));

  const addAll = () =>
    check.mutate(ids, {
      onSuccess: (armado) => onAddAll(armado.piezas),
      onError: (error) => toast.show({ type: 'error', message: errorMessage(error, CHECK_FAILED) }),
    });
  const saveBuild = () =>
    save.mutate(ids, {
      onSuccess: (armado) => setSaved(armado),
      onError: (error) => toast.show({ type: 'error', message: errorMessage(error, SAVE_FAILED) }),
    });

  const empty = ids.length === 0;
  const conflicting = revision.incompatibilidades.length > 0;
  const busy = check.isPending || save.isPending;

  return (
    <div className="builder">
      <RecommendedBuilds onStart={startFrom} />
      <div className="builder__layout">
        <div className="builder__steps">
          {TIPOS_COMPONENTE.map((tipo, index) => {
            const id = chosen[tipo];
            return (
              <StepSection
                key={tipo}
                tipo={tipo}
                number={index + 1}
                chosen={id === undefined ? null : (byId.get(id) ?? null)}
                chosenId={id}
                otherIds={ids.filter((other) => other !== id)}
                open={open === tipo}
                onOpen={() => {
                  setOpen(tipo);
                  setFocusTarget(stepHeadingId(tipo));
                }}
                onChoose={(part) => choose(tipo, part)}
                onRemove={() => remove(tipo)}
                onSkip={() => skip(tipo)}
              />
            );
          })}
        </div>
        <aside className="builder__summary" aria-labelledby={SUMMARY_ID}>
          <h2 id={SUMMARY_ID} tabIndex={-1}>
            Tu armado
          </h2>
          {empty ? (
            <p className="muted">Aún no eliges piezas. Empieza por el procesador.</p>
          ) : (
            <ul className="builder-summary-parts">
              {TIPOS_COMPONENTE.map((tipo) => {
                const part = chosen[tipo] === undefined ? undefined : byId.get(chosen[tipo]);
                return part ? (
                  <li key={tipo}>
                    <span className="muted">{TIPO_COMPONENTE_LABEL[tipo]}</span>
                    <span>{part.nombre}</span>
                    <span className="builder-summary-parts__price">{formatCLP(part.precio)}</span>
                  </li>
                ) : null;
              })}
            </ul>
          )}
          <div aria-live="polite">
            <BuildReview total={total} revision={revision} />
          </div>
          <div className="builder__buttons">
            <button
              type="button"
              className="button"
              disabled={empty || conflicting || busy}
              onClick={addAll}
            >
              {check.isPending ? 'Revisando…' : 'Agregar todo al carrito'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={empty || conflicting || busy}
              onClick={saveBuild}
            >
              {save.isPending ? 'Guardando…' : 'Guardar y compartir'}
            </button>
            {!empty && (
              <button type="button" className="button button--ghost" onClick={reset}>
                Empezar de nuevo
              </button>
            )}
          </div>
          {saved && <SavedBuild armado={saved} loggedIn={session !== null} />}
        </aside>
      </div>
    </div>
  );
}

function SavedBuild({ armado, loggedIn }: { armado: Armado; loggedIn: boolean }) {
  const path = sharedBuildPath(armado.codigo);
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).href;
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ type: 'success', message: 'Enlace copiado.' });
    } catch {
      toast.show({ type: 'info', message: `Copia este enlace: ${url}` });
    }
  };
  return (
    <Alert tone="success">
      <p>
        Armado guardado{loggedIn ? ' (también en Mis armados de tu cuenta)' : ''}. Compártelo con
        este enlace:
      </p>
      <p className="builder-share">
        <Link to={path}>{url}</Link>
      </p>
      <button type="button" className="button button--small button--ghost" onClick={copy}>
        Copiar enlace
      </button>
    </Alert>
  );
}
