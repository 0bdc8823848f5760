import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import { TenantId } from '../auth/authenticated-request';
import { ApiConfig } from '../config/api-config';
import { jobLinks } from '../jobs/job-view';
import { JobSubmissionService, parseIdempotencyKey } from '../jobs/job-submission.service';
import { eyegraphRequestSchema, normalizeEyegraphRequest } from './dto/eyegraph-request';

interface Response {
  setHeader(name: string, value: string): unknown;
}

@ApiTags('eyegraphs')
@ApiBearerAuth()
@Controller('v1/eyegraphs')
export class EyegraphsController {
  constructor(
    private readonly submission: JobSubmissionService,
    private readonly config: ApiConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Eye value and vital points of an eye graph (GNU Go encoding)',
    description:
      'The result has `value` (e.g. "0112"), `eyes {min, max}`, `attack`, `defense` and the marked `diagram`.',
  })
  @ApiBody({
    schema: z.toJSONSchema(eyegraphRequestSchema, { io: 'input', unrepresentable: 'any' }) as object,
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiAcceptedResponse({ description: '{jobId, status, links}' })
  @ApiUnprocessableEntityResponse({
    description:
      'The graph does not parse (the message says where), an option is out of range, or `webhookUrl` is a ' +
      'target webhooks may not reach.',
  })
  async submit(
    @TenantId() tenantId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const idempotencyKey = parseIdempotencyKey(idempotencyHeader);
    const request = normalizeEyegraphRequest(body, this.config.webhookAllowlist);
    const { job, replayed } = await this.submission.submitOne(
      tenantId,
      {
        kind: 'eyegraph',
        input: request.input,
        analyses: ['eyegraph'],
        analysisOptions: {},
        webhookUrl: request.webhookUrl,
      },
      idempotencyKey,
    );
    const links = jobLinks(job);
    res.setHeader('Location', links.self);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { jobId: job.id, status: job.status, links };
  }
}
