// Every built file of the API: get-one files, list pages, filter combinations and indexes.
// Their paths and contents come from src/build/files.ts; the edge function maps requests to them.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadDataset } from '../../build/dataset.ts';
import { builtFiles } from '../../build/files.ts';
import { STORE } from '../../core/layout.ts';

export const getStaticPaths = (async () => {
  const files = builtFiles(await loadDataset());
  return files.map(({ path, body }) => ({ params: { file: path.slice(STORE.length + 1) }, props: { body } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.body as string, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
