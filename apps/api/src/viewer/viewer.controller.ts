import { Controller, Get, NotFoundException, Param, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { errorBody } from '../errors/api-errors';
import { ViewerFiles } from './viewer-files';

// The page runs only the bundle; Preact and Shudan set inline styles; downloads use blob: URLs.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'";

interface Response {
  setHeader(name: string, value: string): unknown;
  send(body: Buffer): unknown;
}

/**
 * The web viewer (apps/viewer, bundled by `npm run build`): the page and its files, public (the
 * page asks for an API key and sends it to the /v1 routes itself).
 */
@ApiExcludeController()
@Controller('viewer')
export class ViewerController {
  private readonly files = new ViewerFiles();

  @Get()
  page(@Res() res: Response): void {
    this.send('index.html', res);
  }

  @Get(':file')
  file(@Param('file') name: string, @Res() res: Response): void {
    this.send(name, res);
  }

  private send(name: string, res: Response): void {
    if (!this.files.built()) {
      throw new ServiceUnavailableException(
        errorBody(503, 'the viewer is not built: run `npm run build` (apps/viewer/build.ts bundles it)'),
      );
    }
    const file = this.files.get(name);
    if (!file) throw new NotFoundException(errorBody(404, `viewer/${name} does not exist`));
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (name === 'index.html') res.setHeader('Content-Security-Policy', CSP);
    res.send(file.body);
  }
}
