import { useParams } from 'react-router';
import { buildQueryOptions, isBuildNotFound } from '../../features/pc-builder/api/get-build';
import { SharedBuild } from '../../features/pc-builder/components/shared-build';
import type { Prefetch } from '../prefetch';

const NOT_FOUND = { status: 404 };
const CODE = /^[A-Za-z0-9_-]{8,24}$/;

/** An unknown build answers 404 with the screen's own message, as client navigation shows it. */
export const prefetch: Prefetch = async ({ params, queryClient }) => {
  const codigo = params.codigo ?? '';
  if (!CODE.test(codigo)) return NOT_FOUND;
  const options = buildQueryOptions(codigo);
  await queryClient.prefetchQuery(options);
  const state = queryClient.getQueryState(options.queryKey);
  if (state?.status === 'error') {
    if (isBuildNotFound(state.error)) return NOT_FOUND;
    throw state.error;
  }
};

export default function SharedBuildRoute() {
  const { codigo = '' } = useParams();
  return (
    <div className="container page">
      <SharedBuild codigo={codigo} />
    </div>
  );
}
