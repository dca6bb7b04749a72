/** Valid bodies for each call, for tests that need one to start from. */

export const VALID_REGISTRO = {
  run: '7.654.321-6',
  nombre: 'Tomás',
  apellidos: 'Araya Díaz',
  correo: 'tomas.araya@gmail.com',
  telefono: '9 1234 5678',
  pass: 'clave12',
  pass2: 'clave12',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
};

export const VALID_USUARIO = {
  run: '2000004-K',
  nombre: 'Pedro',
  apellidos: 'Soto Vera',
  correo: 'pedro.soto@gmail.com',
  pass: 'clave123',
  role: 'VENDOR',
  telefono: '9 5555 6666',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Av. Providencia 1234',
};

export const VALID_USUARIO_UPDATE = {
  nombre: 'Pedro Pablo',
  apellidos: 'Soto Vera',
  role: 'VENDOR',
  telefono: null,
  region: 'Los Ríos',
  comuna: 'Valdivia',
  direccion: 'General Lagos 1020',
};

export const validProducto = (categoriaId = 1, nombre = 'Teclado mecánico de prueba') => ({
  nombre,
  descripcion: 'Switches rojos, layout latinoamericano.',
  precio: 39990,
  stock: 7,
  categoria: { id: categoriaId },
  imagen: '/img/categorias/perifericos.svg',
});

export const VALID_CONTACTO = {
  nombre: 'Ana Pérez',
  email: 'ana.perez@gmail.com',
  mensaje: '¿Tienen stock?',
};

export const VALID_SOPORTE = {
  nombreCliente: 'Ana Pérez',
  emailCliente: 'ana.perez@gmail.com',
  telefonoCliente: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
  equipo: 'NOTEBOOK',
  prioridad: 'ALTA',
  serviciosRequeridos: ['Diagnóstico', 'Respaldo de datos'],
  descripcionProblema: 'El notebook no enciende desde ayer.',
};
