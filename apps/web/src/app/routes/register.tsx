import { RegisterForm } from '../../features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <div className="container page">
      <h1>Registro</h1>
      <p className="auth-lead">
        Crea tu cuenta para comprar más rápido y seguir tus solicitudes de soporte.
      </p>
      <div className="auth-card auth-card--wide">
        <RegisterForm />
      </div>
    </div>
  );
}
