import { WARRANTY_MONTHS } from '@nexbyte/shared';
import { Link } from 'react-router';
import '../content.css';

const DEADLINES = [
  {
    name: 'Derecho a retracto',
    term: '10 días',
    text: 'desde que recibes el producto, si te arrepientes de la compra. Debe estar sin uso, en su embalaje original y con todos sus accesorios.',
  },
  {
    name: 'Falla al llegar (DOA)',
    term: '10 días',
    text: 'desde la entrega para avisarnos que el producto no funciona. Una vez verificada la falla, lo cambiamos por uno nuevo.',
  },
  {
    name: 'Garantía legal',
    term: `${WARRANTY_MONTHS} meses`,
    text: 'desde que recibes el producto, ante fallas de fabricación. Eliges entre reparación, cambio o devolución del dinero.',
  },
  {
    name: 'Diagnóstico',
    term: '24 a 48 horas hábiles',
    text: 'desde que recibimos el producto en nuestro taller.',
  },
  {
    name: 'Envío de vuelta',
    term: '1 a 3 días hábiles',
    text: 'para despacharte el producto reparado o su reemplazo.',
  },
];

const EVIDENCE = [
  'Número de pedido, boleta o factura de la compra.',
  'Fotos o un video que muestren la falla.',
  'Número de serie del producto, si lo tiene.',
  'Una descripción breve: qué pasa, desde cuándo y qué intentaste.',
  'El producto con sus accesorios y, si la tienes, la caja original.',
];

const COVERED = [
  'Fallas de fabricación que aparecen con un uso normal del producto.',
  'Productos que no funcionan al recibirlos (DOA).',
  'Componentes y periféricos nuevos vendidos por Nexbyte, con sus accesorios originales.',
];

const NOT_COVERED = [
  'Golpes, caídas, quebraduras o contacto con líquidos.',
  'Daños por sobretensión o por una instalación eléctrica defectuosa.',
  'Sellos de garantía rotos, modificaciones o reparaciones hechas por terceros.',
  'Overclocking o BIOS y firmware no oficiales.',
  'El desgaste normal por uso, ni la pérdida de datos o programas: respalda antes de enviarnos un equipo.',
];

const STEPS = [
  'Escríbenos desde Contacto con tu número de pedido, el producto y la falla, y adjunta la evidencia.',
  'Revisamos tu caso y te indicamos cómo entregarnos o enviarnos el producto.',
  'Diagnosticamos el producto en 24 a 48 horas hábiles desde que llega al taller.',
  'Si la falla requiere al fabricante, gestionamos el caso con la marca por ti.',
  'Te entregamos la solución: reparación, cambio o devolución del dinero, con despacho en 1 a 3 días hábiles.',
];

const STATES = [
  { name: 'Recibida', text: 'Registramos tu solicitud y el producto llegó a nuestro taller.' },
  {
    name: 'En diagnóstico',
    text: 'Un técnico está revisando el producto para confirmar la falla.',
  },
  {
    name: 'En fabricante',
    text: 'El caso lo resuelve la marca; seguimos el trámite por ti.',
  },
  {
    name: 'Resuelto',
    text: 'El producto fue reparado, cambiado o te devolvimos el dinero.',
  },
];

/** The warranty policy below its heading (docs/product.md#warranties and #business-rules). */
export function WarrantyPolicy() {
  return (
    <>
      <section className="content-section" aria-labelledby="warranty-deadlines">
        <h2 id="warranty-deadlines">Plazos</h2>
        <dl className="deadlines">
          {DEADLINES.map((deadline) => (
            <div key={deadline.name} className="content-panel">
              <dt>{deadline.name}</dt>
              <dd>
                <strong>{deadline.term}</strong> {deadline.text}
              </dd>
            </div>
          ))}
        </dl>
        <h3>Evidencia que necesitamos</h3>
        <ul>
          {EVIDENCE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <div className="content-pair">
        <section className="content-panel" aria-labelledby="warranty-covered">
          <h2 id="warranty-covered">Qué cubre</h2>
          <ul>
            {COVERED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className="content-panel" aria-labelledby="warranty-not-covered">
          <h2 id="warranty-not-covered">Qué no cubre</h2>
          <ul>
            {NOT_COVERED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="content-section" aria-labelledby="warranty-steps">
        <h2 id="warranty-steps">Cómo hacer válida tu garantía</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section className="content-section" aria-labelledby="warranty-states">
        <h2 id="warranty-states">Estados de tu solicitud</h2>
        <p>
          Al enviar tu solicitud recibes un número y un enlace privado donde ves en cuál de estos
          estados está.
        </p>
        <dl className="states">
          {STATES.map((state) => (
            <div key={state.name}>
              <dt>{state.name}</dt>
              <dd>{state.text}</dd>
            </div>
          ))}
        </dl>
        <p className="actions">
          <Link className="button" to="/soporte?tipo=GARANTIA">
            Solicitar garantía
          </Link>
        </p>
      </section>

      <section className="content-cta" aria-labelledby="warranty-cta">
        <h2 id="warranty-cta">¿Necesitas usar tu garantía?</h2>
        <p>
          Te atendemos de Lunes a Viernes, 9:00 a 18:00. Para reparar un equipo fuera de garantía,
          cotiza en Soporte.
        </p>
        <div className="actions">
          <Link className="button" to="/contacto">
            Iniciar una solicitud en Contacto
          </Link>
          <Link className="button" to="/soporte">
            Solicitar soporte técnico
          </Link>
        </div>
      </section>
    </>
  );
}
