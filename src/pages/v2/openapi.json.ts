// The API's OpenAPI document, written with the site at build time and served without a key.
import type { APIRoute } from 'astro';
import { openApiText } from '../../api/openapi/document.ts';

export const GET: APIRoute = () => new Response(openApiText(), { headers: { 'Content-Type': 'application/json' } });
