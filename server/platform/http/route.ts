import type { FastifyInstance, FastifyRequest } from 'fastify';
import { config, type z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { Code } from '../../../contract/envelope';
import type { CallDef } from '../../../contract/define';
import type { Language } from '../../../contract/fields';
import { fieldLabel, languageOf, translate, type MessageKey } from '../i18n/messages';
import { sentToken } from '../auth/tokens';
import { multipartFields } from './multipart-fields';
import { Refusal, SessionInvalid, TooLarge, Unreadable } from './refusal';
import { describeIssue, fieldWithUnsafeText, parseSent, withTextCleaned } from './validation';

export interface Caller {
  lang: Language;
  ip: string;
  /** The raw token of the request, when it carried one. */
  token: string | undefined;
}

export interface Authed {
  userId: number;
  isDemo: boolean;
}

/** Looks a raw token up; undefined when it is unknown or expired. Traders' by default; staff have their own. */
export type Authenticate<P extends object = Authed> = (token: string) => Promise<P | undefined>;

type Handler<C extends CallDef, A, P extends object = Authed> = (
  input: z.output<C['request']>,
  ctx: Caller & (A extends true ? P : Partial<P>),
  request: FastifyRequest,
) => Promise<z.input<C['response']>>;

export interface RouteOptions {
  /** Message of a successful answer (shown as a toast by the client for some calls). */
  successMsg?: MessageKey;
  /** A body larger than the server's usual limit, for the one call whose text runs long (news). */
  bodyLimit?: number;
  /** Fields this call means otherwise than the forms do, by the label to name them with (`key` of the settings call is a setting, not a captcha). */
  labels?: Record<string, string>;
}

// zod/mini carries no wording of its own: the server's logs of a refused response say what failed in words.
config(en());

export const envelopeOf = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/**
 * Binds one contract call to a handler: parses the request with the call's schema, checks the
 * session, answers with the envelope, and turns refusals into code 0 and 999.
 */
export function route<C extends CallDef, P extends object = Authed>(
  app: FastifyInstance,
  authenticate: Authenticate<P>,
  call: C,
  handler: Handler<C, C['auth'], P>,
  options: RouteOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const caller: Caller = {
        lang: languageOf(request.headers.lang),
        ip: request.ip,
        token: tokenOf(request),
      };
      try {
        const authed = caller.token ? await authenticate(caller.token) : undefined;
        if (call.auth && !authed) throw new SessionInvalid();
        const sent = withTextCleaned((await inputOf(request, call, options.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024)) ?? {});
        const unsafe = fieldWithUnsafeText(sent);
        if (unsafe !== undefined) throw new Refusal('field_invalid', { field: unsafe });
        const { parsed, input } = parseSent(call.request, sent);
        if (!parsed.success) {
          const problem = describeIssue(parsed.error, input);
          throw new Refusal(problem.key, problem.params);
        }
        const data = await handler(parsed.data as z.output<C['request']>, { ...caller, ...authed } as never, request);
        const checked = call.response.safeParse(data);
        if (!checked.success) {
          request.log.error({ err: checked.error, url: call.path }, 'response does not match the contract');
          return reply.code(500).send(envelopeOf(Code.error, translate(caller.lang, 'server_error')));
        }
        return envelopeOf(Code.success, translate(caller.lang, options.successMsg ?? 'success'), data ?? null);
      } catch (error) {
        if (error instanceof Refusal) {
          // Every refusal names a field by its wire name; the reader gets it as the forms name it.
          const field = typeof error.params.field === 'string' ? (options.labels?.[error.params.field] ?? error.params.field) : undefined;
          const params = field === undefined ? error.params : { ...error.params, field: fieldLabel(caller.lang, field) };
          if (error instanceof TooLarge) reply.code(413);
          if (error instanceof Unreadable) reply.code(400);
          return envelopeOf(Code.error, translate(caller.lang, error.key, params), error.data);
        }
        if (error instanceof SessionInvalid) return envelopeOf(Code.sessionInvalid, translate(caller.lang, 'session_invalid'));
        throw error;
      }
    },
  });
}

/**
 * Where the call's fields are: its query, or its body. An upload's handler reads its own multipart
 * body; any other call sent as multipart is a form read field by field.
 */
async function inputOf(request: FastifyRequest, call: CallDef, maxBytes: number): Promise<unknown> {
  if (call.encoding === 'query') return request.query;
  return call.encoding !== 'multipart' && request.isMultipart() ? multipartFields(request, maxBytes) : request.body;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return undefined;
  const token = sentToken(value);
  return token.length > 0 && token.length <= 200 ? token : undefined;
}
