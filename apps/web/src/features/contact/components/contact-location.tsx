import '../contact.css';

export function ContactLocation() {
  return (
    <figure className="contact-location">
      <img
        src="/img/ubicacion.svg"
        alt="Mapa de ubicación de Nexbyte en Santiago"
        width={640}
        height={400}
        loading="lazy"
      />
      <figcaption>Santiago, Región Metropolitana. Despachamos a todo Chile.</figcaption>
    </figure>
  );
}
