// One MCP tool per endpoint of the registry that is a tool (all but a file download and the
// service's health, each saying so in its entry), made from its entry: the tool's name is the
// endpoint's, its input schema the endpoint's parameters (the same zod fields that parse the
// query, as the API's description gives them), and its description the endpoint's, with how to
// page and where ids come from, written for a model. Nothing here lists an endpoint or a parameter.
import type { Endpoint } from '../api/endpoints/endpoint.ts';
import { jsonSchemaOf, type JsonSchema } from '../api/openapi/json-schema.ts';
import { queryFields } from '../api/params/parse.ts';
import { ENDPOINTS } from '../api/registry.ts';
import { SINGULAR, type Resource } from '../records/resources.ts';
import { isResource } from '../api/routes.ts';
import { ID_RULE } from '../shared/ids.ts';

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
  /** Every tool reads, and only reads, the API's data: clients may call them without asking. */
  annotations: { readOnlyHint: true; idempotentHint: true; openWorldHint: false };
  endpoint: Endpoint;
}

/** A parameter the API refuses whatever its value (page_size on rankings) is no argument of the tool. */
function argumentsOf(endpoint: Endpoint): Map<string, JsonSchema> {
  const fields = queryFields(endpoint.params, endpoint.pathNames);
  return new Map(
    Object.entries(endpoint.params.shape)
      .filter(([name]) => fields.get(name)?.rules.refused !== true)
      .map(([name, schema]) => [name, jsonSchemaOf(schema)]),
  );
}

/** The tool that lists a resource, where its ids can be found. */
function listToolOf(resource: Resource): string | undefined {
  return ENDPOINTS.find((e) => e.section === resource && e.kind === 'list')?.name;
}

const RESOURCE_OF_ID = new Map(Object.entries(SINGULAR).map(([resource, one]) => [`${one}_id`, resource as Resource]));

/** Which tools give the ids this one takes. */
function idsNote(names: readonly string[]): string {
  const sources = names.flatMap((name) => {
    const resource = RESOURCE_OF_ID.get(name);
    const list = resource && listToolOf(resource);
    return list === undefined
      ? []
      : [`${name} from ${list} (or the ${SINGULAR[resource!]} objects inside other answers)`];
  });
  const ids = `Ids are ${ID_RULE}, such as the \`id\` of any record in an answer.`;
  return sources.length === 0 ? ids : `${ids} Take ${sources.join('; ')}.`;
}

/** How to reach the rest of a list, as the endpoint pages. */
function pagingNote(endpoint: Endpoint, args: ReadonlyMap<string, JsonSchema>): string {
  if (endpoint.kind === 'one')
    return `The answer's data is the one ${isResource(endpoint.section) ? SINGULAR[endpoint.section] : 'record'}.`;
  if (args.has('cursor'))
    return (
      "The answer's data is one page of records. To get the next page, call this tool again with the arguments the " +
      "answer's text names: those next_page repeats (on a filtered list, the same filters, order and page_size), and " +
      '`cursor` from pagination.next_page (a URL whose cursor parameter is the token). next_page is null on the last page.'
    );
  if (args.has('page_num'))
    return "The answer's data is one page of records. To get the next page, call this tool again with page_num one higher, up to pagination.total_pages; the answer's text names the next call.";
  return "The answer's data is the whole list, in one page.";
}

function toolOf(endpoint: Endpoint): Tool {
  const args = argumentsOf(endpoint);
  const answer =
    "It answers the API's JSON envelope {metadata, pagination, error, data}, in structuredContent and as text after a one-line summary.";
  return {
    name: endpoint.name,
    title: endpoint.summary,
    description: [endpoint.description, pagingNote(endpoint, args), idsNote([...args.keys()]), answer].join('\n\n'),
    inputSchema: { type: 'object', properties: Object.fromEntries(args), required: [...endpoint.pathNames] },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    endpoint,
  };
}

/** Every tool, in the registry's order: one per endpoint that is a tool, named as the endpoint is. */
export const TOOLS: readonly Tool[] = ENDPOINTS.filter((e) => e.tool).map(toolOf);

const BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((t) => [t.name, t]));

/** The tool named `name`, or undefined (a name comes from the client: a Map, so `constructor` is none). */
export function toolNamed(name: string): Tool | undefined {
  return BY_NAME.get(name);
}

/** The tools as tools/list gives them. */
export function toolList() {
  return TOOLS.map(({ endpoint: _endpoint, ...tool }) => tool);
}
