import type { PuestaEnMarcha } from '@nexbyte/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useSetupChecklist } from '../api/get-setup-checklist';
import '../setup.css';

interface Step {
  key: Exclude<keyof PuestaEnMarcha, 'correosFallidos'>;
  label: string;
  /** What the step says once done, when not its label. */
  doneLabel?: string;
  /** An admin screen where the step is done… */
  to?: string;
  /** …or, for what the server's settings decide, which ones. */
  setting?: string;
}

const STEPS: Step[] = [
  { key: 'categoria', label: 'Crea la primera categoría', to: '/admin/categorias' },
  { key: 'producto', label: 'Agrega el primer producto', to: '/admin/productos/nuevo' },
  {
    key: 'datosBancarios',
    label: 'Indica la cuenta para transferencias',
    setting:
      'BANK_NAME, BANK_ACCOUNT_NUMBER, BANK_RUT y BANK_HOLDER en la configuración del servidor',
  },
  {
    key: 'envioCorreos',
    label: 'Configura el envío de correos',
    setting: 'SMTP_URL en la configuración del servidor',
  },
  {
    key: 'mediosPago',
    label: 'Activa Webpay para pagos con tarjeta',
    setting:
      'WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY de producción (la transferencia siempre está disponible)',
  },
  {
    key: 'boletaElectronica',
    label: 'Boleta electrónica sin configurar',
    doneLabel: 'Boleta electrónica configurada',
    setting:
      'DTE_API_URL y DTE_API_KEY del proveedor, y los datos tributarios de la tienda (DTE_RUT_EMISOR, DTE_RAZON_SOCIAL, DTE_GIRO, DTE_ACTECO, DTE_DIRECCION, DTE_COMUNA) en la configuración del servidor',
  },
];

/**
 * The owner's first steps on a new shop, on the dashboard until all are done. The server says
 * which are done; this says what each is and where it is done. E-mails that could not be sent
 * are warned of even once every step is done: an order's or a password's e-mail that never
 * arrives stops a sale.
 */
export function SetupChecklist() {
  const checklist = useSetupChecklist();
  // Nothing to show while loading or if the list cannot be read: the dashboard's own cards say
  // whether the API answers, and this list is a help, not a screen of its own.
  if (!checklist.data) return null;
  return (
    <>
      {checklist.data.correosFallidos > 0 && (
        <FailedMailWarning count={checklist.data.correosFallidos} />
      )}
      <SetupSteps data={checklist.data} />
    </>
  );
}

function SetupSteps({ data }: { data: PuestaEnMarcha }) {
  const done = STEPS.filter((step) => data[step.key]).length;
  if (done === STEPS.length) return null;
  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title">Puesta en marcha</h2>
      <p className="setup-checklist__progress">
        {done} de {STEPS.length} pasos listos
      </p>
      <ul className="setup-checklist__steps">
        {STEPS.map((step) => {
          const isDone = data[step.key];
          return (
            <li key={step.key} className={isDone ? 'setup-step setup-step--done' : 'setup-step'}>
              <span className="setup-step__mark" aria-hidden="true">
                {isDone ? '✓' : '○'}
              </span>
              <span className="setup-step__text">
                {step.to && !isDone ? (
                  <Link to={step.to}>{step.label}</Link>
                ) : isDone ? (
                  (step.doneLabel ?? step.label)
                ) : (
                  step.label
                )}
                <span className="visually-hidden">{isDone ? ' (listo)' : ' (pendiente)'}</span>
                {step.setting && !isDone && (
                  <span className="setup-step__hint">{step.setting}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Failed for good: the queue tries them no more until the owner sends them again. */
function FailedMailWarning({ count }: { count: number }) {
  const text =
    count === 1
      ? 'Hay 1 correo que no se pudo enviar'
      : `Hay ${count} correos que no se pudieron enviar`;
  return (
    <Alert tone="warning">
      <p>
        <strong>{text}.</strong> Revisa a quién iban y por qué fallaron, y reintenta el envío.
      </p>
      <Link to="/admin/correos?estado=fallido" className="button button--small">
        Ver los correos fallidos
      </Link>
    </Alert>
  );
}
