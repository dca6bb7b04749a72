import { formatCLP, FREE_SHIPPING_THRESHOLD, WARRANTY_MONTHS } from '@nexbyte/shared';
import { Link } from 'react-router';
import '../content.css';

const VALUES = [
  {
    name: 'Transparencia',
    text: 'Precios claros en pesos chilenos, diagnósticos que explicamos con palabras simples y ningún trabajo sin tu aprobación.',
  },
  {
    name: 'Cercanía',
    text: 'Te atiende una persona que sabe de computadores, por correo, WhatsApp o en el taller.',
  },
  {
    name: 'Rigor técnico',
    text: 'Probamos los componentes antes de venderlos y documentamos cada reparación.',
  },
  {
    name: 'Reparar antes que reemplazar',
    text: 'Alargar la vida de un equipo es mejor para tu bolsillo y para el planeta.',
  },
];

const DIFFERENTIATORS = [
  'Técnicos que te asesoran antes de comprar, para que cada pieza sea compatible con tu equipo.',
  `Envío gratis en compras desde ${formatCLP(FREE_SHIPPING_THRESHOLD)} y despacho a todo Chile en 1 a 3 días hábiles.`,
  `${WARRANTY_MONTHS} meses de garantía legal y 10 días de derecho a retracto en todos los productos nuevos.`,
  'Diagnóstico de tu equipo en 24 a 48 horas hábiles.',
  'Tienda y servicio técnico en un solo lugar: compras, instalamos y mantenemos.',
];

const MILESTONES = [
  {
    year: '2020',
    title: 'Nace Nexbyte',
    text: 'Abrimos en Santiago como tienda online de periféricos y taller de mantención, justo cuando miles de personas armaban su oficina en casa.',
  },
  {
    year: '2022',
    title: 'Todo Chile y más catálogo',
    text: 'Sumamos componentes, almacenamiento, monitores y notebooks, empezamos a despachar a las 16 regiones y lanzamos los planes de mantenimiento programado.',
  },
  {
    year: '2024',
    title: 'Un taller más grande',
    text: 'Nos cambiamos a un taller con más puestos de diagnóstico y sumamos la atención por WhatsApp para resolver dudas técnicas en el momento.',
  },
];

const TEAM = [
  {
    name: 'Matías Contreras',
    role: 'Fundador y gerente general',
    text: 'Técnico en informática. Empezó reparando los equipos de amigos y vecinos antes de fundar Nexbyte.',
  },
  {
    name: 'Valentina Rojas',
    role: 'Jefa de tienda y compras',
    text: 'Elige cada producto del catálogo y prueba los componentes antes de sumarlos a la tienda.',
  },
  {
    name: 'Diego Muñoz',
    role: 'Jefe de servicio técnico',
    text: 'Lidera el taller y lleva más de diez años reparando notebooks y PC de escritorio.',
  },
  {
    name: 'Camila Fuentes',
    role: 'Atención al cliente y contenidos',
    text: 'Responde tus consultas y escribe las guías de nuestro blog.',
  },
];

/** The about page below its heading: mission, vision, values, milestones and team. */
export function AboutContent() {
  return (
    <>
      <div className="content-pair">
        <section className="content-panel" aria-labelledby="about-mission">
          <h2 id="about-mission">Misión</h2>
          <p>
            Que cada persona en Chile tenga un computador que funcione bien y le dure: vendemos
            tecnología confiable con precios claros y la respaldamos con un servicio técnico que
            explica lo que hace.
          </p>
        </section>
        <section className="content-panel" aria-labelledby="about-vision">
          <h2 id="about-vision">Visión</h2>
          <p>
            Ser la tienda y el taller de confianza de quienes arman, mejoran y cuidan su PC en
            Chile, reconocidos por asesorar con honestidad y por alargar la vida útil de cada
            equipo.
          </p>
        </section>
      </div>

      <section className="content-section" aria-labelledby="about-values">
        <h2 id="about-values">Valores</h2>
        <ul className="content-cards">
          {VALUES.map((value) => (
            <li key={value.name} className="content-panel">
              <h3>{value.name}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-section" aria-labelledby="about-different">
        <h2 id="about-different">Lo que nos diferencia</h2>
        <ul className="content-checklist">
          {DIFFERENTIATORS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="content-section" aria-labelledby="about-milestones">
        <h2 id="about-milestones">Hitos</h2>
        <ol className="timeline">
          {MILESTONES.map((milestone) => (
            <li key={milestone.year} className="timeline__item">
              <h3>
                <span className="timeline__year">{milestone.year}</span> {milestone.title}
              </h3>
              <p>{milestone.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="content-section" aria-labelledby="about-team">
        <h2 id="about-team">Equipo</h2>
        <ul className="content-cards">
          {TEAM.map((person) => (
            <li key={person.name} className="content-panel">
              <h3>{person.name}</h3>
              <p className="content-role">{person.role}</p>
              <p>{person.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-cta" aria-labelledby="about-cta">
        <h2 id="about-cta">¿Te ayudamos con tu equipo?</h2>
        <p>Cotiza una reparación o una mantención, o escríbenos con cualquier duda.</p>
        <div className="actions">
          <Link className="button" to="/soporte">
            Solicitar soporte técnico
          </Link>
          <Link className="button" to="/contacto">
            Contactar a Nexbyte
          </Link>
        </div>
      </section>
    </>
  );
}
