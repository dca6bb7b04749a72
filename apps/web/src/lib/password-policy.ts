import { passwordLimits, type PasswordPolicy } from '@nexbyte/shared';
import { useQuery } from '@tanstack/react-query';
import { shopConfigQueryOptions } from './shop-config';

/**
 * The password policy the server runs with (decision 015). Until it is known, or if it cannot be
 * read, the spec's rule applies; the server checks every password itself and the forms show its
 * field message.
 */
export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery({
    ...shopConfigQueryOptions,
    select: (config) => config.politicaPassword,
  });
  return data ?? 'basica';
}

/** The hint under a new-password field. */
export function passwordHint(policy: PasswordPolicy): string {
  const { min, max } = passwordLimits(policy);
  return `Entre ${min} y ${max} caracteres.`;
}
