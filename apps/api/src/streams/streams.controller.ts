import { GameStreamRepository } from '@moyo/persistence';
import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { ApiConfig } from '../config/api-config';
import { errorBody, FieldError } from '../errors/api-errors';
import { parseStreamRequest, StreamRequestError, streamView } from './stream-request';

interface Response {
  status(code: number): Response;
}

/** Turns a StreamRequestError into the api's 422 (status, field, message naming the field). */
export function unprocessable(err: unknown): unknown {
  if (err instanceof StreamRequestError) return new FieldError(err.field, err.detail);
  return err;
}

/** Followed OGS games: start, list, show, stop. The ingest replicas pick streams up within seconds. */
@ApiTags('streams')
@ApiBearerAuth()
@Controller('v1/streams')
export class StreamsController {
  constructor(
    private readonly streams: GameStreamRepository,
    private readonly config: ApiConfig,
  ) {}

  @Post()
  @ApiCreatedResponse({
    description:
      'Now following (200 with the same stream when the tenant already followed it). Every tenant ' +
      'may follow any game: each gets its own stream, jobs and webhooks.',
  })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or wrong; `field` names it.' })
  async create(
    @Body() body: unknown,
    @TenantId() tenantId: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    let request;
    try {
      request = parseStreamRequest(body, this.config.webhookAllowlist);
    } catch (err) {
      throw unprocessable(err);
    }
    const r = await this.streams.follow({ ...request, tenantId });
    res.status(r.created ? 201 : 200);
    return streamView(r.stream);
  }

  @Get()
  @ApiOkResponse({ description: 'The tenant’s streams, newest first.' })
  async list(@TenantId() tenantId: string) {
    return { items: (await this.streams.listForTenant(tenantId)).map(streamView) };
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No such stream for this API key.' })
  async show(@Param('id') id: string, @TenantId() tenantId: string) {
    const s = UUID.test(id) ? await this.streams.findForTenant(id, tenantId) : null;
    if (!s) throw notFound(id);
    return streamView(s);
  }

  /** Stops following; the analyses already made stay readable. */
  @Delete(':id')
  @HttpCode(204)
  @ApiNotFoundResponse({ description: 'No such stream for this API key.' })
  async remove(@Param('id') id: string, @TenantId() tenantId: string): Promise<void> {
    if (!UUID.test(id) || !(await this.streams.pauseForTenant(id, tenantId))) throw notFound(id);
  }
}

function notFound(id: string): NotFoundException {
  return new NotFoundException(errorBody(404, `stream ${id} not found`));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
