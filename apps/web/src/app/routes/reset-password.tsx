import { Navigate, useParams } from 'react-router';

/**
 * /recuperar/{token}, the form of the links sent before issue 13: the token moves to the fragment
 * (/recuperar#{token}), which the browser never sends to a server, and the history entry with the
 * token in the path is replaced.
 */
export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return <Navigate to={{ pathname: '/recuperar', hash: token }} replace />;
}
