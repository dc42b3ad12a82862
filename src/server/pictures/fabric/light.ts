/** Light on cloth: the cylinder gradients that round a shape, the sheens, the soft filter. */
import type { Canvas } from '../svg';
import type { Fabric } from './cloth';

export const SHINY: Partial<Record<Fabric, 'satin' | 'leather' | 'velvet' | 'nylon' | 'metal'>> = {
  satin: 'satin',
  silk: 'satin',
  leather: 'leather',
  velvet: 'velvet',
  nylon: 'nylon',
  ripstop: 'nylon',
  puffer: 'nylon',
  metal: 'metal',
  acetate: 'leather',
  crystal: 'metal',
};

export function stops(list: [number, string, number][]): string {
  return list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('');
}

/** The gradients that model light. */
export function lightGradient(cv: Canvas, kind: string): string {
  return cv.shared(`light:${kind}`, (id) => {
    switch (kind) {
      case 'body':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops([
          [0, '#1c1917', 0.2],
          [0.16, '#1c1917', 0.04],
          [0.42, '#fff', 0.09],
          [0.62, '#fff', 0.03],
          [0.86, '#1c1917', 0.08],
          [1, '#1c1917', 0.26],
        ])}</linearGradient>`;
      case 'sleeve':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.3">${stops([
          [0, '#1c1917', 0.16],
          [0.35, '#fff', 0.08],
          [0.7, '#1c1917', 0.04],
          [1, '#1c1917', 0.24],
        ])}</linearGradient>`;
      case 'top':
        return `<linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1">${stops([
          [0, '#fff', 0.1],
          [0.45, '#fff', 0],
          [1, '#1c1917', 0.16],
        ])}</linearGradient>`;
      case 'round':
        return `<radialGradient id="${id}" cx="0.36" cy="0.3" r="0.85">${stops([
          [0, '#fff', 0.22],
          [0.45, '#fff', 0.02],
          [1, '#1c1917', 0.28],
        ])}</radialGradient>`;
      case 'satin':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.12">${stops([
          [0, '#1c1917', 0.3],
          [0.14, '#fff', 0.3],
          [0.26, '#1c1917', 0.06],
          [0.42, '#fff', 0.14],
          [0.56, '#fff', 0.42],
          [0.66, '#1c1917', 0.08],
          [0.82, '#fff', 0.18],
          [1, '#1c1917', 0.34],
        ])}</linearGradient>`;
      case 'leather':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.2">${stops([
          [0, '#1c1917', 0.34],
          [0.1, '#fff', 0.34],
          [0.17, '#fff', 0.02],
          [0.55, '#1c1917', 0.02],
          [0.72, '#fff', 0.22],
          [0.78, '#fff', 0.02],
          [1, '#1c1917', 0.38],
        ])}</linearGradient>`;
      case 'velvet':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops([
          [0, '#fff', 0.22],
          [0.12, '#1c1917', 0.22],
          [0.45, '#fff', 0.1],
          [0.6, '#1c1917', 0.12],
          [0.88, '#1c1917', 0.3],
          [1, '#fff', 0.16],
        ])}</linearGradient>`;
      case 'nylon':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0.25">${stops([
          [0, '#1c1917', 0.22],
          [0.22, '#fff', 0.22],
          [0.36, '#fff', 0.04],
          [0.7, '#1c1917', 0.06],
          [0.84, '#fff', 0.14],
          [1, '#1c1917', 0.3],
        ])}</linearGradient>`;
      case 'metal':
        return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="1">${stops([
          [0, '#fff', 0.55],
          [0.3, '#1c1917', 0.2],
          [0.5, '#fff', 0.45],
          [0.75, '#1c1917', 0.3],
          [1, '#fff', 0.3],
        ])}</linearGradient>`;
      default:
        return `<linearGradient id="${id}"/>`;
    }
  });
}

/** A soft blur for fold shadows (in body units, so it scales with the garment). */
export function softFilter(cv: Canvas, amount = 2): string {
  return cv.shared(
    `soft:${amount}`,
    (id) =>
      `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${cv.px(amount)}"/></filter>`,
  );
}
