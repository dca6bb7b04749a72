import { zodResolver } from '@hookform/resolvers/zod';
import { recomendarArmadoSchema, type Armado, type RecomendarArmadoInput } from '@nexbyte/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { useRecommendBuild } from '../api/recommend-build';

const FAILED = 'No pudimos cambiar el armado recomendado. Inténtalo de nuevo.';

/** The ADMIN's control on a saved build: publish it as a recommended starting point, or withdraw it. */
export function RecommendBuildForm({ armado }: { armado: Armado }) {
  const recommend = useRecommendBuild(armado.codigo);
  const toast = useToast();
  const form = useForm<RecomendarArmadoInput>({
    resolver: zodResolver(recomendarArmadoSchema),
    defaultValues: { titulo: armado.titulo ?? '' },
  });
  const run = (titulo: string | null) =>
    recommend.mutate(titulo, {
      onSuccess: () =>
        toast.show({
          type: 'success',
          message:
            titulo === null
              ? 'El armado ya no se recomienda.'
              : 'Armado publicado como recomendado.',
        }),
      onError: (error) => toast.show({ type: 'error', message: errorMessage(error, FAILED) }),
    });
  return (
    <section className="account-card shared-build__admin" aria-labelledby="armado-recomendar">
      <h2 id="armado-recomendar">Recomendar este armado</h2>
      <form noValidate onSubmit={form.handleSubmit(({ titulo }) => run(titulo))}>
        <FormField label="Título" error={form.formState.errors.titulo?.message}>
          <input {...form.register('titulo')} placeholder="PC gamer hasta $800.000" />
        </FormField>
        <div className="builder__buttons">
          <button type="submit" className="button" disabled={recommend.isPending}>
            {armado.titulo ? 'Cambiar título' : 'Publicar como recomendado'}
          </button>
          {armado.titulo && (
            <button
              type="button"
              className="button button--ghost"
              disabled={recommend.isPending}
              onClick={() => run(null)}
            >
              Dejar de recomendar
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
