import { SupportForm } from '../../features/support/components/support-form';

export default function SupportRoute() {
  return (
    <div className="container page">
      <h1>Soporte técnico</h1>
      <p className="support-lead">
        Cuéntanos qué le pasa a tu equipo y te enviaremos una cotización estimada. El diagnóstico
        toma de 24 a 48 horas hábiles y atendemos de Lunes a Viernes, 9:00 a 18:00.
      </p>
      <div className="support-card">
        <SupportForm />
      </div>
    </div>
  );
}
