import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingSummary, Stars, roundToHalf } from './stars';

afterEach(cleanup);

const kinds = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-star]')].map((el) => el.getAttribute('data-star'));

describe('Stars', () => {
  it('rounds to the nearest half star', () => {
    expect(roundToHalf(4.9)).toBe(5);
    expect(roundToHalf(4.3)).toBe(4.5);
    expect(roundToHalf(4.2)).toBe(4);
    expect(roundToHalf(4.75)).toBe(5);
    expect(roundToHalf(0)).toBe(0);
  });

  it('draws 4.9 as five full stars', () => {
    const { container } = render(<Stars rating={4.9} />);
    expect(kinds(container)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(screen.getByRole('img', { name: 'Rated 4.9 out of 5' })).toBeInTheDocument();
  });

  it('draws 4.3 as four and a half stars', () => {
    const { container } = render(<Stars rating={4.3} />);
    expect(kinds(container)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('draws 3.1 as three stars and two empty ones', () => {
    const { container } = render(<Stars rating={3.1} />);
    expect(kinds(container)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('shows New for a piece with no reviews, not 0.0 (0 reviews)', () => {
    const { container } = render(<RatingSummary rating={0} reviewCount={0} />);
    expect(container.textContent).toContain('New');
    expect(container.textContent).not.toContain('0.0');
    expect(container.textContent).not.toContain('(0 reviews)');
    expect(kinds(container)).toEqual([]);
  });

  it('shows the figure and the count once reviewed', () => {
    const { container } = render(<RatingSummary rating={4.25} reviewCount={12} />);
    expect(container.textContent).toContain('4.3');
    expect(container.textContent).toContain('(12 reviews)');
  });
});
