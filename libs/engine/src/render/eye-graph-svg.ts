import type { EyeGraphPicture } from './model';
import { RenderInputError } from './picture-input';
import { COLORS, DEFAULT_CELL, escapeXml, num } from './svg-format';

/** The vital-point marks of GNU Go's eye graphs: the eye point under them and whose vital point. */
const VITAL: Record<string, { base: string; mark: 'both' | 'attack' | 'defense' }> = {
  '*': { base: '.', mark: 'both' },
  '<': { base: '.', mark: 'attack' },
  '>': { base: '.', mark: 'defense' },
  '@': { base: '!', mark: 'both' },
  '(': { base: '!', mark: 'attack' },
  ')': { base: '!', mark: 'defense' },
};

/**
 * Draws an eye-graph diagram (GNU Go's marks) as a standalone SVG document. Eye points are open
 * circles, marginal ones dashed, attacker stones black, edges thick lines, and vital points get a
 * coloured marker (`vital both|attack|defense`). Pure; throws RenderInputError on unknown characters.
 */
export function renderEyeGraphSvg(picture: EyeGraphPicture): string {
  const rows = picture?.rows;
  if (!Array.isArray(rows) || rows.length === 0 || rows.some((r) => typeof r !== 'string')) {
    throw new RenderInputError('rows', 'must be a non-empty list of diagram rows');
  }
  const cell = picture.cellSize ?? DEFAULT_CELL;
  const width = Math.max(...rows.map((r) => r.length));
  const pad = cell * 0.5;
  const valueHeight = picture.value ? cell * 0.8 : 0;
  const w = 2 * pad + width * cell;
  const hgt = 2 * pad + rows.length * cell + valueHeight;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="moyo-eyegraph" width="${num(w)}" height="${num(hgt)}" ` +
      `viewBox="0 0 ${num(w)} ${num(hgt)}" font-family="Helvetica, Arial, sans-serif">`,
  ];
  if (picture.title) out.push(`<title>${escapeXml(picture.title)}</title>`);
  out.push(`<rect class="wood" x="0" y="0" width="${num(w)}" height="${num(hgt)}" fill="${COLORS.board}"/>`);
  const r = cell * 0.36;
  const stroke = num(Math.max(1.5, cell * 0.06));
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      const px = pad + x * cell + cell / 2;
      const py = pad + y * cell + cell / 2;
      const vital = VITAL[ch];
      const kind = vital ? vital.base : ch;
      const at = `data-row="${y}" data-col="${x}"`;
      switch (kind) {
        case ' ':
          break;
        case '.':
        case '!':
          out.push(
            `<circle class="eye${kind === '!' ? ' marginal' : ''}" ${at} cx="${num(px)}" cy="${num(py)}" r="${num(r)}" ` +
              `fill="#fff8e0" stroke="${COLORS.line}" stroke-width="${stroke}"${kind === '!' ? ' stroke-dasharray="4 3"' : ''}/>`,
          );
          break;
        case 'X':
        case '$':
          out.push(
            `<circle class="stone black${kind === '$' ? ' marginal' : ''}" ${at} cx="${num(px)}" cy="${num(py)}" ` +
              `r="${num(r)}" fill="${COLORS.black}"${kind === '$' ? ` stroke="${COLORS.dead}" stroke-width="${stroke}" stroke-dasharray="4 3"` : ''}/>`,
          );
          break;
        case '|':
          out.push(
            `<path class="edge" ${at} d="M${num(px)} ${num(py - cell / 2)}v${num(cell)}" stroke="${COLORS.line}" stroke-width="${num(cell * 0.15)}"/>`,
          );
          break;
        case '-':
          out.push(
            `<path class="edge" ${at} d="M${num(px - cell / 2)} ${num(py)}h${num(cell)}" stroke="${COLORS.line}" stroke-width="${num(cell * 0.15)}"/>`,
          );
          break;
        case '+':
          out.push(
            `<rect class="edge corner" ${at} x="${num(px - cell * 0.1)}" y="${num(py - cell * 0.1)}" width="${num(cell * 0.2)}" ` +
              `height="${num(cell * 0.2)}" fill="${COLORS.line}"/>`,
          );
          break;
        default:
          throw new RenderInputError(`rows[${y}]`, `unexpected character '${ch}' at column ${x}`);
      }
      if (vital) {
        const color =
          vital.mark === 'both' ? COLORS.dead : vital.mark === 'attack' ? COLORS.best : COLORS.move;
        out.push(
          `<path class="vital ${vital.mark}" ${at} d="M${num(px - r * 0.6)} ${num(py)}h${num(r * 1.2)}M${num(px)} ` +
            `${num(py - r * 0.6)}v${num(r * 1.2)}" stroke="${color}" stroke-width="${num(cell * 0.14)}" stroke-linecap="round"/>`,
        );
      }
    }
  });
  if (picture.value) {
    out.push(
      `<text class="value" x="${num(w / 2)}" y="${num(hgt - pad - valueHeight / 2)}" font-size="${num(cell * 0.45)}" ` +
        `fill="${COLORS.line}" text-anchor="middle" dominant-baseline="central">${escapeXml(picture.value)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
