import { Controller, Get, Param, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { TenantId } from '../auth/authenticated-request';
import { GameRecordsService, type SgfExport } from './game-records.service';

interface Response {
  setHeader(name: string, value: string): unknown;
  send(body: string): unknown;
}

const DESCRIPTION =
  'SGF (FF[4]) of the game with each analysed position on its node: score and interval in C, territory as TB/TW, dead stones as MA. Opens in Sabaki and other SGF editors.';

function send(res: Response, out: SgfExport): void {
  res.setHeader('Content-Type', 'application/x-go-sgf; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${out.filename}"`);
  res.setHeader('Cache-Control', 'private, no-cache');
  res.send(out.sgf);
}

/** A game with its stored analyses as SGF: of one job, an analyzeTurns batch or a followed game. */
@ApiTags('exports')
@ApiBearerAuth()
@ApiProduces('application/x-go-sgf')
@Controller('v1')
export class ExportsController {
  constructor(private readonly records: GameRecordsService) {}

  @Get('jobs/:id/sgf')
  @ApiOperation({ summary: 'A position job as SGF: the game, the analysed position annotated' })
  @ApiOkResponse({ description: DESCRIPTION })
  @ApiNotFoundResponse({ description: 'No such job for this API key.' })
  @ApiConflictResponse({ description: 'An eye-graph job (no game).' })
  async job(@TenantId() tenantId: string, @Param('id') id: string, @Res() res: Response): Promise<void> {
    send(res, await this.records.job(id, tenantId));
  }

  @Get('batches/:id/sgf')
  @ApiOperation({ summary: 'An analyzeTurns batch as SGF: every analysed turn annotated' })
  @ApiOkResponse({ description: DESCRIPTION })
  @ApiNotFoundResponse({ description: 'No such batch for this API key.' })
  async batch(@TenantId() tenantId: string, @Param('id') id: string, @Res() res: Response): Promise<void> {
    send(res, await this.records.batch(id, tenantId));
  }

  @Get('games/:gameId/sgf')
  @ApiOperation({
    summary: 'A followed game as SGF: every analysed move annotated (the final analysis on the last)',
  })
  @ApiOkResponse({ description: DESCRIPTION })
  @ApiNotFoundResponse({ description: 'No followed game with this OGS id or stream id for this API key.' })
  @ApiConflictResponse({ description: 'The game has no recorded move yet.' })
  async game(
    @TenantId() tenantId: string,
    @Param('gameId') gameId: string,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.records.game(gameId, tenantId));
  }
}
