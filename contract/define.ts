import type { z } from 'zod/mini';

export type Method = 'GET' | 'POST' | 'DELETE';
/** How the request travels: query string, url-encoded form, JSON body, or multipart upload. */
export type Encoding = 'query' | 'form' | 'json' | 'multipart';

export interface CallDef<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType, Auth extends boolean = boolean> {
  method: Method;
  path: string;
  encoding: Encoding;
  /** true: a valid session token is required, else the answer is code 999. */
  auth: Auth;
  request: Req;
  /** Schema of `data` in a successful envelope. */
  response: Res;
}

export const defineCall = <Req extends z.ZodMiniType, Res extends z.ZodMiniType, const Auth extends boolean>(
  call: CallDef<Req, Res, Auth>,
) => call;

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
