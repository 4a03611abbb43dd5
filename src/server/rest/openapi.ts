import { z } from 'zod';
import { version } from '../../../package.json';
import { UPLOAD_FIELD } from '../../shared/uploads';
import { appRouter } from '../routers';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { adminProcedure, authedProcedure, subscribedProcedure } from '../trpc/init';
import type { Place, Source } from './inputs';
import type { RestRoute } from './shim';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

interface ProcedureDef {
  _def: { inputs: unknown[]; middlewares: unknown[] };
}

type ZodLike = { _zod: { def: { type: string; in?: unknown; innerType?: unknown } } };

/** Each kind of procedure adds its check last to its chain: a procedure whose chain holds that check makes it. */
const checkOf = (builder: { _def: { middlewares: unknown[] } }) => builder._def.middlewares.at(-1);
const CHECKS = { session: checkOf(authedProcedure), editorAccess: checkOf(subscribedProcedure), admin: checkOf(adminProcedure) };

/** The object inside an input that may be left out or transformed: `z.object({...}).nullish().transform(...)`. */
function objectOf(schema: unknown): z.ZodObject | undefined {
  let current = schema as ZodLike;
  for (;;) {
    const def = current._zod.def;
    if (def.type === 'object') return current as unknown as z.ZodObject;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return undefined;
    current = next as ZodLike;
  }
}

/** The JSON Schema of each input field, as a caller sends it (before coercions and defaults), and which are required. */
function inputFields(name: string, procedure: ProcedureDef): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const input of procedure._def.inputs) {
    const object = objectOf(input);
    if (!object) throw new Error(`${name}: its input is not an object`);
    const schema = z.toJSONSchema(object, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    if (schema.$defs) throw new Error(`${name}: its input has shared definitions ($defs), which the document does not carry`);
    Object.assign(properties, schema.properties);
    for (const field of (schema.required as string[] | undefined) ?? []) required.add(field);
  }
  return { properties, required };
}

/** The refusals a row's procedure shows it can make; `Failure`, the default, covers the ones only its service knows. */
const ERROR_RESPONSES = {
  BadRequest: 'Invalid input (the message is the schema’s first), or a rule refused the request',
  Unauthorized: 'No valid session or token: `Authentication required`',
  Forbidden: 'Signed in, but without editor access, or not an admin',
  Failure:
    'Another refusal or failure, as docs/api.md lists for the row: 403 a write from another origin, 404 not found or not the caller’s, ' +
    '409 a conflict, 413 too large, 429 too many (see `Retry-After`), 502/503/504 the model or the payment provider failed',
};
const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

function parametersAndBody(route: RestRoute, fields: ReturnType<typeof inputFields>) {
  const parameters: Json[] = [];
  const body: Record<string, JsonSchema> = {};
  const bodyRequired: string[] = [];
  let wholeBody: Json | undefined;
  for (const [field, source] of Object.entries(route.inputs) as [string, Source][]) {
    const schema = fields.properties[field];
    if (!schema) throw new Error(`${route.method} ${route.path}: ${route.procedure} has no input field ${field}`);
    const required = fields.required.has(field);
    if (source === 'file') {
      wholeBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary' } }, required: [UPLOAD_FIELD] },
          },
        },
      };
      continue;
    }
    if (source === 'raw') {
      wholeBody = {
        required: true,
        description: 'Read as its exact bytes, which the signature covers',
        content: { 'application/json': {} },
      };
      continue;
    }
    const {
      in: place,
      name,
      alias,
    }: { in: Place; name: string; alias?: string } = typeof source === 'object' ? source : { in: source, name: field };
    if (place === 'body') {
      body[name] = schema;
      if (required) bodyRequired.push(name);
      continue;
    }
    parameters.push({ name, in: place, required: place === 'path' || required, schema });
    if (alias) parameters.push({ name: alias, in: place, required: false, description: `Read when \`${name}\` is absent`, schema });
  }
  if (Object.keys(body).length) {
    if (wholeBody) throw new Error(`${route.method} ${route.path}: a body is read both whole and as JSON fields`);
    const schema = { type: 'object', properties: body, ...(bodyRequired.length ? { required: bodyRequired } : {}) };
    wholeBody = { required: bodyRequired.length > 0, content: { 'application/json': { schema } } };
  }
  return { parameters, requestBody: wholeBody };
}

function operation(route: RestRoute, procedure: ProcedureDef) {
  const fields = inputFields(route.procedure, procedure);
  const missing = Object.keys(fields.properties).filter((field) => !(field in route.inputs));
  if (missing.length) throw new Error(`${route.method} ${route.path}: no source for ${missing.join(', ')}`);
  const { parameters, requestBody } = parametersAndBody(route, fields);

  const checks = procedure._def.middlewares;
  const needsSession = checks.includes(CHECKS.session);
  const readsJsonBody = !route.rawBody && route.method !== 'GET' && route.method !== 'DELETE';
  const responses: Json = {
    [route.status ?? 200]: {
      description: 'Success',
      ...(Object.keys(route.reply.headers).length
        ? {
            headers: Object.fromEntries(
              Object.entries(route.reply.headers).map(([h, description]) => [h, { description, schema: { type: 'string' } }]),
            ),
          }
        : {}),
      content: Object.fromEntries(route.reply.media.map((media) => [media, {}])),
    },
  };
  if (parameters.length || requestBody || readsJsonBody) responses[400] = errorResponse('BadRequest');
  if (needsSession) responses[401] = errorResponse('Unauthorized');
  if (checks.includes(CHECKS.editorAccess) || checks.includes(CHECKS.admin)) responses[403] = errorResponse('Forbidden');
  responses.default = errorResponse('Failure');

  return {
    operationId: route.procedure,
    tags: [route.procedure.split('.')[0]],
    description: `Calls the tRPC procedure \`${route.procedure}\`.`,
    ...(needsSession ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the REST rows: each row's parameters and body are its procedure's zod
 * input, split where the row says each field comes from; who may call it is read from the procedure's chain.
 */
export function openApiDocument(routes: readonly RestRoute[], router: { _def: { procedures: object } } = appRouter) {
  const procedures = router._def.procedures as Record<string, ProcedureDef | undefined>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const procedure = procedures[route.procedure];
    if (!procedure) throw new Error(`${route.method} ${route.path}: no procedure ${route.procedure}`);
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, procedure);
  }
  const errorBody = { $ref: '#/components/schemas/Error' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Copydesk REST API',
      version,
      description: 'Each row calls the tRPC procedure of the same rules. Conventions (Origin on writes, errors, paging): docs/api.md.',
    },
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token, `cdk_…`' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie `POST /api/login` sets' },
      },
      schemas: {
        Error: {
          type: 'object',
          description: 'Some errors add fields: `code`, `retryAfter`, `teamName`, `maxSeats`, `usedSeats`, `success`, `reason`',
          properties: { message: { type: 'string' } },
          required: ['message'],
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: errorBody } } },
        ]),
      ),
    },
  };
}
