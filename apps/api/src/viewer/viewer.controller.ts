import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { VIEWER_HTML } from './viewer-page';
import { VIEWER_JS } from './viewer-script';

// The page runs only its own script; styles are inline in the page and in the drawn SVG.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/** The web viewer: one page and its script, public (the page asks for an API key). */
@ApiExcludeController()
@Controller('viewer')
export class ViewerController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', CSP)
  @Header('Cache-Control', 'no-cache')
  page(): string {
    return VIEWER_HTML;
  }

  @Get('app.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  script(): string {
    return VIEWER_JS;
  }
}
