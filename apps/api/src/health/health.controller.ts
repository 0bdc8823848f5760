import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthService, type Readiness } from './health.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: the process serves HTTP. Touches no dependency. */
  @Get('healthz')
  @ApiOkResponse({ description: 'The process is alive.' })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: 200 when Redis and PostgreSQL answer, else 503 with the same body naming what is down. */
  @Get('readyz')
  @ApiOkResponse({ description: 'Redis and PostgreSQL answer.' })
  @ApiServiceUnavailableResponse({ description: '`down` names the dependencies that do not answer.' })
  async readyz(): Promise<Readiness> {
    const readiness = await this.health.readiness();
    // An object passed to an HttpException becomes the response body as is.
    if (readiness.status !== 'ok') throw new ServiceUnavailableException(readiness);
    return readiness;
  }
}
