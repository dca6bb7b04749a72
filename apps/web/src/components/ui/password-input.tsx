import { useState, type ComponentPropsWithRef } from 'react';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password input with a show/hide toggle; props (and a ref) go to the input itself. */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={['password-input', className].filter(Boolean).join(' ')}>
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Ocultar' : 'Mostrar'} <span className="visually-hidden">contraseña</span>
      </button>
    </div>
  );
}
