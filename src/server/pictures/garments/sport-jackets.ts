/** The sport and padded jackets: shell, windbreaker, down, puffer, fleece, track, bomber, gilet. */
import type { Cloth } from '../fabric/cloth';
import type { Piece } from '../look/schema';
import { sleeveStripes } from '../motifs';
import type { Kit, UpperSpec } from '../parts/kit';
import { f, pair, path } from '../svg';
import { hood, standCollar } from '../parts/collars';
import { hw, waistBelt } from '../parts/trims';
import { paint, seam, zip } from '../fabric/paint';
import { ribHem, upperBody } from '../parts/upper-body';
import { type Focus, LONG } from './common';

/**
 * The sport and padded jackets (shell, windbreaker, down, puffer, fleece, track, bomber, gilet):
 * the dispatch of drawJacket hands them the spec it started from.
 */
export function drawSportJacket(k: Kit, p: Piece, s: UpperSpec, cut: string): Focus {
  const puffy = cut === 'down' || cut === 'puffer' || cut === 'gilet';
  Object.assign(s, {
    neck: 'crew',
    depth: 4.5,
    ww: puffy ? 18.6 : 17.6,
    hemW: puffy ? 18.4 : 18,
    hemY: cut === 'shell' || cut === 'wind' ? 70 : cut === 'fleece' ? 66 : 63,
    sw: puffy ? 21.5 : 21,
    aw: puffy ? 19.6 : 19,
    ay: 23.5,
    sleeve:
      cut === 'gilet'
        ? null
        : LONG({
            len: 56,
            angle: 11.5,
            end: puffy ? 8.4 : 7.4,
            cuff: cut === 'track' || cut === 'bomber' ? 'rib' : 'band',
          }),
  });
  const cloth: Cloth = puffy ? { ...k.cloth, fabric: 'puffer' } : k.cloth;
  const hooded = p.collar === 'hood' || cut === 'shell' || cut === 'wind';
  if (hooded && !k.back) hood({ ...k, cloth }, s, { cords: false });
  const { sleeve } = upperBody({ ...k, cloth }, s, {
    folds: pair([10, 28], [['Q', 11, 42, 10, s.hemY - 8]]),
    inside: false,
    cloth,
  });
  if (hooded && k.back) hood({ ...k, cloth }, s);
  if (cut === 'track' || cut === 'bomber') ribHem(k, s, 4.4);
  if (!hooded)
    standCollar({ ...k, cloth }, s, cut === 'fleece' || cut === 'track' ? 4.6 : 5.4, {
      cloth: cut === 'track' || cut === 'bomber' ? { ...k.cloth, fabric: 'rib' } : cloth,
    });
  if (!k.back) {
    if (cut === 'shell' || cut === 'wind') {
      // Storm flap over the zip, chest zips.
      paint(
        k.cv,
        path(
          [-1.6, 2.5],
          [
            ['L', 2.2, 2.5],
            ['L', 2.2, s.hemY + 0.4],
            ['L', -1.6, s.hemY + 0.4],
          ],
          true,
        ),
        cloth,
        { light: 'flat', noShadow: true },
      );
      zip(k.cv, path([5, 24], [['L', 12.5, 18]]), k.c, 'gunmetal');
      zip(k.cv, path([-5, 24], [['L', -12.5, 18]]), k.c, 'gunmetal');
      zip(k.cv, path([11, 50], [['L', 15, 60]]) + path([-11, 50], [['L', -15, 60]]), k.c, 'gunmetal');
      waistBelt(k, s.hemY - 3, s.hemW - 1, 'drawcord');
    } else {
      zip(
        k.cv,
        path([0, cut === 'fleece' || cut === 'track' ? -3.6 : -4.4], [['L', 0, s.hemY + 0.4]]),
        k.c,
        cut === 'fleece' ? 'gunmetal' : hw(k),
        [0.3, -3.8],
      );
      if (cut === 'fleece') {
        const d = path(
          [4, 16],
          [
            ['L', 11.5, 16],
            ['L', 11.5, 25],
            ['L', 4, 25],
          ],
          true,
        );
        paint(k.cv, d, { ...k.cloth, base: k.c2, fabric: 'nylon', print: 'none' }, { light: 'flat', noShadow: true });
        zip(k.cv, path([4.6, 16.8], [['L', 10.8, 16.8]]), k.c2, 'gunmetal');
        k.cv.push(
          `<path d="M-0.2 -3.4V${f(s.hemY)}M${f(-s.hemW)} ${f(s.hemY)}H${f(s.hemW)}" stroke="${k.c2}" stroke-width="1.5"/>`,
        );
      } else {
        seam(k.cv, pair([6, s.hemY - 18], [['L', 10, s.hemY - 8]]), k.c, 1, 0.6);
      }
    }
  } else if (!hooded && cut !== 'track') {
    seam(k.cv, path([-s.sw + 1, 10], [['Q', 0, 12, s.sw - 1, 10]]), k.c, 0.8, 0.4);
  }
  if (cut === 'track' && sleeve) sleeveStripes(k, sleeve, k.c2);
  if (cut === 'shell' || cut === 'wind') {
    // Taped seams: a faint seam over the shoulder and round the elbow.
    seam(k.cv, pair([s.neckW + 1, 0.6], [['L', s.aw - 1, s.ay - 2]]), k.c, 0.8, 0.45);
  }
  return cut === 'fleece' ? [7, 20] : hooded ? [0, 0] : [0, 8];
}
