import { createParamDecorator, ExecutionContext, UnauthorizedException } from '@nestjs/common';

/** What the auth guard attaches to every /v1 request. */
export interface RequestAuth {
  tenant: { id: string; name?: string };
  /** Also `tenant.id`: some controllers read this name. */
  tenantId: string;
  /** The key used. */
  apiKey?: { id: string; prefix: string };
}

/** The parts of an Express request the guard reads and writes. */
export interface GuardedRequest extends Partial<RequestAuth> {
  headers: Record<string, string | string[] | undefined>;
  path?: string;
  originalUrl?: string;
  url?: string;
  /** The client address (Express). */
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The request's tenant id; 401 if the guard attached none (the route is not under /v1). */
export function requireTenantId(req: GuardedRequest): string {
  const id = req.tenant?.id ?? req.tenantId;
  if (typeof id !== 'string' || id === '') throw new UnauthorizedException('missing or invalid API key');
  return id;
}

/** Controller parameter: the authenticated tenant's id. */
export const TenantId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string =>
  requireTenantId(ctx.switchToHttp().getRequest<GuardedRequest>()),
);
