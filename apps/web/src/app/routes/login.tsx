import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <div className="container page">
      <h1>Iniciar sesión</h1>
      <div className="auth-card">
        <LoginForm />
      </div>
    </div>
  );
}
