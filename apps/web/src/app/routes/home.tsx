import { Link } from 'react-router';

export default function HomeRoute() {
  return (
    <section className="hero">
      <div className="container">
        <h1>TIENDA ONLINE</h1>
        <p className="hero__lead">Tecnología y mantención de PC</p>
        <Link to="/productos" className="button">
          Ver productos
        </Link>
      </div>
    </section>
  );
}
