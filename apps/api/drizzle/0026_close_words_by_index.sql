-- The vocabulary's words close to a term (decision 031): at most `candidatos` of its words of
-- letters that share enough trigrams with it, read through the partial trigram index of 0025.
-- Left to choose, the planner, which cannot know how many words a parameter will match, may
-- read the whole vocabulary instead (a small one, or one it thinks small); the function keeps it
-- to the index. Called per term by the search's lookup, never for a term of digits.
CREATE OR REPLACE FUNCTION public.busqueda_palabras_cercanas(termino text, candidatos integer)
  RETURNS TABLE (palabra text, n integer, similitud real)
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  AS $$
    SELECT w.palabra, w.n, similarity(w.palabra, termino)
    FROM public.busqueda_palabras w
    WHERE w.palabra !~ '[0-9]' AND w.palabra % termino
    LIMIT candidatos
  $$;
