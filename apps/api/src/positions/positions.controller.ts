import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import { TenantId } from '../auth/authenticated-request';
import { ApiConfig } from '../config/api-config';
import { parseIdempotencyKey } from '../jobs/job-submission.service';
import { positionRequestSchema } from './dto/position-request';
import { PositionsService } from './positions.service';

interface Response {
  setHeader(name: string, value: string): unknown;
}

@ApiTags('positions')
@ApiBearerAuth()
@Controller('v1/positions')
export class PositionsController {
  constructor(
    private readonly positions: PositionsService,
    private readonly config: ApiConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Analyse a position (KataGo-style moves, or an SGF)',
    description:
      'One job per request, or one per turn of `analyzeTurns` under one batch. `analyses` picks from the ' +
      "engine's registry (default territory, deadStones, score). Answers 202 with the job (or batch) id and links; " +
      'poll `links.self` or wait for the webhook. A body with `id` (or a rules object) is a KataGo analysis query ' +
      "read by the engine's KataGo parser: unknown or unsupported fields come back as `warnings`, its turns run the " +
      '`katago` analysis as one batch, and `links.katago` (GET /v1/katago/analysis/:batchId) gives every turn KataGo-shaped.',
  })
  @ApiBody({
    schema: z.toJSONSchema(positionRequestSchema, { io: 'input', unrepresentable: 'any' }) as object,
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'a repeat with the same key returns the first answer',
  })
  @ApiAcceptedResponse({ description: '{jobId, status, links} or {batchId, jobIds, jobs, links}' })
  @ApiUnprocessableEntityResponse({
    description: 'A field is wrong (bad SGF, illegal move, board size...); `field` names it.',
  })
  @ApiPayloadTooLargeResponse({ description: 'The body is larger than BODY_LIMIT_BYTES.' })
  @ApiTooManyRequestsResponse({ description: 'The key’s rate limit is spent; see Retry-After.' })
  @ApiServiceUnavailableResponse({ description: 'The queue is unavailable; nothing was queued.' })
  async submit(
    @TenantId() tenantId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const idempotencyKey = parseIdempotencyKey(idempotencyHeader);
    const answer = await this.positions.submit(tenantId, body, idempotencyKey, {
      maxSgfBytes: this.config.maxSgfBytes,
      webhookAllowlist: this.config.webhookAllowlist,
    });
    res.setHeader('Location', answer.links.self);
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    const { replayed: _replayed, ...rest } = answer;
    return rest;
  }
}
